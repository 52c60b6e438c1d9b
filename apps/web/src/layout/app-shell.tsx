import { useCallback, useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '../components/ui/sidebar';
import { TooltipProvider } from '../components/ui/tooltip';
import { useSession } from '../features/auth/session-context';
import { homePathFor } from '../features/auth/home-path';
import { FeedbackProvider } from '../features/feedback/feedback-provider';
import { ModalProvider } from '../features/modals/modal-provider';
import { useModal } from '../features/modals/modal-context';
import { clearSelectedProject, suppressMissingProjectWarning, useSelectedProjectId } from '../features/projects/project-selection';
import type { ModalType } from '../features/modals/modal-types';
import { AppSidebar } from './app-sidebar';
import { adminMenu, architectMenu, clientMenu, type MenuActions } from './sidebar-menus';

/** Spec section 2: Home sets the suppress flag, then after 100 ms clears the project and navigates. */
export const homeNavigationDelayMs = 100;

function ShellWithModals() {
  const { user, logout } = useSession();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const projectId = useSelectedProjectId();
  const roles = useMemo(() => user?.roles ?? [], [user]);

  const goHome = useCallback(() => {
    suppressMissingProjectWarning();
    window.setTimeout(() => {
      clearSelectedProject();
      void navigate(homePathFor(roles));
    }, homeNavigationDelayMs);
  }, [navigate, roles]);

  const actions = useMemo<MenuActions>(
    () => ({
      goHome,
      openModal: (type: ModalType) => openModal(type),
      logout: () => {
        clearSelectedProject();
        void logout();
      },
    }),
    [goHome, openModal, logout],
  );

  const menu = roles.includes('ADMIN')
    ? adminMenu(actions)
    : roles.includes('CLIENT')
      ? clientMenu(actions, projectId !== null)
      : architectMenu(actions, projectId !== null);

  return (
    <SidebarProvider>
      <AppSidebar menu={menu} username={user?.username ?? ''} />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b border-border bg-background/95 px-3">
          <SidebarTrigger />
        </header>
        <div className="flex-1 p-4 md:p-6">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}

/** The layout of every logged-in page: the role's sidebar, the page, the modal host and the confirm/alert host. */
export function AppShell() {
  return (
    <TooltipProvider>
      <FeedbackProvider>
        <ModalProvider>
          <ShellWithModals />
        </ModalProvider>
      </FeedbackProvider>
    </TooltipProvider>
  );
}
