import { FirstStepsHint } from '../../components/first-steps-hint';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AddMemberCard } from './add-member-card';
import { CreateTeamCard } from './create-team-card';
import { CreateUserCard } from './create-user-card';
import { MailFailuresCard } from './mail-failures-card';
import { TeamsCard } from './teams-card';
import { useTeams } from './use-admin-lists';

/** Without any team, nothing else works yet: the first step is a team, then its architects. */
function AdminFirstSteps() {
  const teams = useTeams();
  if (!teams.isSuccess || teams.data.length > 0) return null;
  return <FirstStepsHint title={de.admin.firstSteps.title} text={de.admin.firstSteps.text} />;
}

/** /admin (spec section 2): teams, architect accounts and team membership; mails that could not be sent. */
export function AdminPage() {
  useDocumentTitle(de.documentTitles.admin);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{de.pages.admin}</h1>
      <AdminFirstSteps />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <CreateTeamCard />
          <AddMemberCard />
        </div>
        <CreateUserCard />
        <TeamsCard />
        <MailFailuresCard />
      </div>
    </div>
  );
}
