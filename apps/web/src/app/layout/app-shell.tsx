import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { can } from '@bauakte/domain/labels';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '../../components/ui/sidebar';
import { SkipLink } from '../../components/ui/skip-link';
import { TooltipProvider } from '../../components/ui/tooltip';
import { useIsMobile } from '../../components/ui/use-is-mobile';
import { useSession } from '../../platform/session/session-context';
import { homePathFor } from '../../platform/session/home-path';
import { FeedbackProvider } from '../../platform/feedback/feedback-provider';
import { useLeaveAfterAsking } from '../../platform/unsaved-changes/unsaved-changes-context';
import { NavigationGuard, UnsavedChangesProvider } from '../../platform/unsaved-changes/unsaved-changes-provider';
import { ModalProvider } from '../../platform/modals/modal-provider';
import { modalBodyFor } from '../modal-registry';
import { afterPaint } from '../../lib/after-paint';
import { useModal } from '../../platform/modals/modal-context';
import { clearSelectedProject, suppressMissingProjectWarning, useSelectedProjectId } from '../../platform/project/project-selection';
import type { ModalType } from '../../platform/modals/modal-types';
import { fetchUnread } from '../../features/chat/chat-api';
import { chatKeys } from '../../lib/query-keys';
import { LiveChatProvider } from '../../platform/live/live-chat-provider';
import { linkedChatOf } from '../../features/chat/chat-link-start';
import { AppUpdateNotice } from '../../platform/offline/app-update-notice';
import { OfflineBanner } from '../../platform/offline/offline-banner';
import { useReadCache } from '../../platform/offline/read-cache-scope';
import { de } from '../../i18n/de';
import { useConfirm } from '../../platform/feedback/feedback-context';
import { PendingChanges } from './pending-changes';
import { useQueue } from '../../platform/offline/queue-context';
import { QueueProvider } from '../../platform/offline/queue-provider';
import { provideTakeAlongSources, type AppTakeAlongSources } from '../../platform/take-along/take-along';
import { fetchDashboardFirst } from '../../features/dashboard/dashboard-start';
import { AppSidebar } from './app-sidebar';
import { adminMenu, architectMenu, clientMenu, type MenuActions } from './sidebar-menus';

/** Spec section 2: Home sets the suppress flag, then after 100 ms clears the project and navigates. */
export const homeNavigationDelayMs = 100;

/** The skip link's target: the page content, past the sidebar and the header. */
const mainContentId = 'main-content';

/**
 * A notice mail links to '/dashboard?chat=12': the chat opens, and the address loses the parameter.
 * True while the link is still to be followed.
 */
function useChatLink(openModal: (type: ModalType, props?: { chatId: number }) => void): boolean {
  const [params, setParams] = useSearchParams();
  const chat = params.get('chat');
  const chatId = linkedChatOf(params);
  useEffect(() => {
    if (chat === null) return;
    // The page paints first; the dialog (its focus trap, its messages) renders after it, interruptibly.
    return afterPaint(() =>
      startTransition(() => {
        if (chatId !== null) openModal('ChatDialog', { chatId });
        setParams(
          (current) => {
            current.delete('chat');
            return current;
          },
          { replace: true },
        );
      }),
    );
  }, [chat, chatId, openModal, setParams]);
  return chat !== null;
}

/**
 * On a phone a dialog is a sheet over the whole page. A start that a link opens into a dialog (a
 * notice mail's chat) renders the page behind it once the dialog closes or the screen grows wide
 * enough to show the page around it: the start does only the work the person sees.
 */
function usePageShown(linking: boolean, dialogOpen: boolean): boolean {
  const isMobile = useIsMobile();
  const [waiting, setWaiting] = useState(linking && isMobile);
  if (waiting && (!isMobile || (!linking && !dialogOpen))) setWaiting(false);
  return !waiting;
}

function ShellWithModals() {
  const { user, logout } = useSession();
  const { current, openModal } = useModal();
  const navigate = useNavigate();
  const leaveAfterAsking = useLeaveAfterAsking();
  const confirm = useConfirm();
  const waitingChanges = useQueue().items?.length ?? 0;
  const projectId = useSelectedProjectId();
  const roles = useMemo(() => user?.roles ?? [], [user]);
  const chats = can(user, 'chat');
  const unread = useQuery({ queryKey: chatKeys.unread, queryFn: fetchUnread, enabled: chats }).data ?? 0;
  const pageShown = usePageShown(useChatLink(openModal), current !== null);
  useReadCache(user?.username);

  // Home clears the project before it navigates, which would unmount an unsaved form unasked: it asks first.
  const goHome = useCallback(() => {
    leaveAfterAsking(() => {
      suppressMissingProjectWarning();
      window.setTimeout(() => {
        clearSelectedProject();
        void navigate(homePathFor(roles));
      }, homeNavigationDelayMs);
    });
  }, [leaveAfterAsking, navigate, roles]);

  const actions = useMemo<MenuActions>(
    () => ({
      homePath: homePathFor(roles),
      goHome,
      openModal: (type: ModalType) => openModal(type),
      logout: () =>
        leaveAfterAsking(() => {
          // Changes still waiting on this device are cleared with the logout: the user says so first.
          const leave = () => {
            // The project goes with the session: its pages must not warn of a missing one meanwhile.
            suppressMissingProjectWarning();
            clearSelectedProject();
            void logout();
          };
          if (waitingChanges === 0) {
            leave();
            return;
          }
          void confirm({ title: de.offlineQueue.logoutQuestion(waitingChanges), confirmLabel: de.offlineQueue.logout, destructive: true }).then((confirmed) => (confirmed ? leave() : undefined));
        }),
    }),
    [roles, goHome, openModal, leaveAfterAsking, logout, confirm, waitingChanges],
  );

  const menu = can(user, 'manageTeams')
    ? adminMenu(actions)
    : can(user, 'viewClientDashboard')
      ? clientMenu(actions, projectId !== null, unread)
      : architectMenu(actions, projectId !== null, unread);

  return (
    <SidebarProvider>
      <NavigationGuard />
      <SkipLink targetId={mainContentId}>{de.app.skipToContent}</SkipLink>
      <AppSidebar menu={menu} username={user?.username ?? ''} />
      <SidebarInset>
        <OfflineBanner />
        <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b border-border bg-background/95 px-3">
          <SidebarTrigger />
          <PendingChanges />
        </header>
        {/* tabIndex -1: the skip link can focus it, Tab does not stop on it. */}
        <main id={mainContentId} tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          {pageShown ? <Outlet /> : null}
        </main>
      </SidebarInset>
      <AppUpdateNotice />
    </SidebarProvider>
  );
}

const loadQueueDelivery = () => import('./offline-queue-senders').then((senders) => senders.offlineQueueDelivery);

// Taking a project along fetches through the features' APIs: the app gives the platform's keep its sources, loaded when a keep starts.
// The user's dashboard is kept with it: the app opened offline starts there, wherever the user went after logging in.
provideTakeAlongSources(() =>
  import('../../features/project-overview/take-along-sources').then(({ appSources }): AppTakeAlongSources => (client, user, projectId) => {
    const sources = appSources(client, user, projectId);
    return { ...sources, answers: [...sources.answers, () => fetchDashboardFirst(client, user)] };
  }),
);

/**
 * The layout of every logged-in page: the role's sidebar, the page, the modal host, the confirm/alert
 * host and the guard that asks before unsaved input is lost.
 */
export function AppShell() {
  return (
    <TooltipProvider>
      <FeedbackProvider>
        <UnsavedChangesProvider>
          <QueueProvider loadDelivery={loadQueueDelivery}>
            <LiveChatProvider>
              <ModalProvider bodyFor={modalBodyFor}>
                <ShellWithModals />
              </ModalProvider>
            </LiveChatProvider>
          </QueueProvider>
        </UnsavedChangesProvider>
      </FeedbackProvider>
    </TooltipProvider>
  );
}
