import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../platform/session/session-context';
import { QuestionnaireSavedNotice } from '../questionnaire/questionnaire-saved-notice';
import { ClientProjects } from './client-projects';
import { LatestMessages, NewChatButton, UserInformation } from './dashboard-cards';
import { DashboardGrid, type DashboardCard } from './dashboard-grid';
import type { CardLayout } from './dashboard-layout';

const t = de.dashboard;

/** 'Ihre offenen Punkte' loads beside the dashboard, not in its start. */
const OwnOpenItems = lazyComponent(() => import('../files/pins/own-open-items').then((module) => module.OwnOpenItems)).Component;

export const clientDefaultLayout: CardLayout = [
  { i: 'projects', x: 0, y: 0, w: 2, h: 4 },
  { i: 'messages', x: 2, y: 0, w: 2, h: 4 },
  { i: 'user', x: 0, y: 4, w: 2, h: 2 },
];

/** /dashboardClient (spec section 2): the client's projects, messages and who is logged in. */
export function ClientDashboardPage() {
  const { user } = useSession();
  useDocumentTitle(de.documentTitles.dashboardClient);
  if (!user) return <p>{t.pleaseLogIn}</p>;

  const cards: DashboardCard[] = [
    { id: 'projects', title: t.clientProjectsTitle, children: <ClientProjects /> },
    { id: 'messages', title: t.messagesTitle, action: <NewChatButton />, children: <LatestMessages /> },
    { id: 'user', title: t.userTitle, children: <UserInformation /> },
  ];

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{de.pages.dashboardClient}</h1>
      <QuestionnaireSavedNotice />
      <Suspense fallback={null}>
        <OwnOpenItems />
      </Suspense>
      <DashboardGrid dashboard="client" cards={cards} defaultLayout={clientDefaultLayout} />
    </div>
  );
}
