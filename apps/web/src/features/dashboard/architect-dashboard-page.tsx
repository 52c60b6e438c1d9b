import { Plus } from 'lucide-react';
import { Navigate } from 'react-router';
import { can } from '@bauakte/domain/labels';
import { Button } from '../../components/ui/button';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useModal } from '../../platform/modals/modal-context';
import { useSession } from '../../platform/session/session-context';
import { LatestMessages, NewChatButton, UserInformation } from './dashboard-cards';
import { DashboardGrid, type DashboardCard } from './dashboard-grid';
import type { CardLayout } from './dashboard-layout';
import { ArchitectAllProjects } from './architect-all-projects';
import { ArchitectFirstSteps } from './architect-first-steps';
import { ProjectNews } from './project-news';
import { QuestionnaireSavedNotice } from '../questionnaire/questionnaire-saved-notice';

const t = de.dashboard;

export const architectDefaultLayout: CardLayout = [
  { i: 'projects', x: 0, y: 0, w: 2, h: 4 },
  { i: 'messages', x: 2, y: 0, w: 2, h: 4 },
  { i: 'user', x: 0, y: 4, w: 2, h: 2 },
  { i: 'allProjects', x: 0, y: 6, w: 4, h: 6 },
];

/** /dashboard (spec section 2): news of the team's projects, messages, who is logged in, and all projects to search. */
export function ArchitectDashboardPage() {
  const { user } = useSession();
  // The route admits clients too (spec section 2), but the architect's cards have nothing for them.
  if (user && !can(user, 'viewArchitectDashboard')) return <Navigate to="/dashboardClient" replace />;
  return <ArchitectDashboard />;
}

function ArchitectDashboard() {
  useDocumentTitle(de.documentTitles.dashboard);
  const { openModal } = useModal();
  const cards: DashboardCard[] = [
    {
      id: 'projects',
      title: t.newsTitle,
      action: (
        <Button size="sm" onClick={() => openModal('CreateProject')}>
          <Plus aria-hidden />
          {t.newProject}
        </Button>
      ),
      children: <ProjectNews />,
    },
    { id: 'messages', title: t.messagesTitle, action: <NewChatButton />, children: <LatestMessages /> },
    { id: 'user', title: t.userTitle, children: <UserInformation /> },
    // Not in the spec: the news empty once projects are opened, and an office collects hundreds.
    { id: 'allProjects', title: de.projects.search.allTitle, children: <ArchitectAllProjects /> },
  ];

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{de.pages.dashboard}</h1>
      <QuestionnaireSavedNotice />
      <ArchitectFirstSteps />
      <DashboardGrid dashboard="architect" cards={cards} defaultLayout={architectDefaultLayout} />
    </div>
  );
}
