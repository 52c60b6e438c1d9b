import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AddMemberCard } from './add-member-card';
import { CreateTeamCard } from './create-team-card';
import { CreateUserCard } from './create-user-card';
import { TeamsCard } from './teams-card';

/** /admin (spec section 2): teams, architect accounts and team membership. */
export function AdminPage() {
  useDocumentTitle(de.documentTitles.admin);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{de.pages.admin}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <CreateTeamCard />
          <AddMemberCard />
        </div>
        <CreateUserCard />
        <TeamsCard />
      </div>
    </div>
  );
}
