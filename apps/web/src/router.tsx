import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireRole } from './features/auth/require-role';
import { LoginPage } from './features/auth/login-page';
import { de } from './i18n/de';

/** Pages load on demand, so the first route (the login page) stays small. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactNode {
  const Page: ComponentType = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<p role="status" className="p-6">{de.common.loading}</p>}>
      <Page />
    </Suspense>
  );
}

const loadShell = () => import('./layout/app-shell');
const appShell = page(loadShell, 'AppShell');

/** The pages inside the logged-in shell, by path. */
const shellPages = {
  '/dashboard': () => import('./features/dashboard/architect-dashboard-page'),
  '/dashboardClient': () => import('./features/dashboard/client-dashboard-page'),
  '/projectOverview': () => import('./features/projects/project-overview-page'),
  '/admin': () => import('./features/admin/admin-page'),
  '/general': () => import('./features/questionnaire/general-page'),
  '/storeys': () => import('./features/questionnaire/storeys-page'),
  '/windows': () => import('./features/questionnaire/windows-page'),
  '/heating': () => import('./features/questionnaire/heating-page'),
};

/**
 * Starts loading the shell and the page the app opens on side by side. Rendering alone would load
 * them one after the other (the shell's chunk, then the page's), which costs a round trip on a phone.
 */
export function preloadStartPage(pathname: string): void {
  if (!isShellPage(pathname)) return;
  void loadShell().catch(() => undefined);
  void shellPages[pathname]().catch(() => undefined);
}

function isShellPage(pathname: string): pathname is keyof typeof shellPages {
  return Object.hasOwn(shellPages, pathname);
}

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: page(() => import('./features/accounts/register-page'), 'RegisterPage') },
  { path: '/forgotPassword', element: page(() => import('./features/accounts/forgot-password-page'), 'ForgotPasswordPage') },
  { path: '/reset-password', element: page(() => import('./features/accounts/reset-password-page'), 'ResetPasswordPage') },
  { path: '/impressum', element: page(() => import('./features/legal/impressum-page'), 'ImpressumPage') },
  { path: '/datenschutz', element: page(() => import('./features/legal/privacy-page'), 'PrivacyPage') },
  { path: '/unauthorized', element: page(() => import('./features/legal/unauthorized-page'), 'UnauthorizedPage') },
  {
    element: <RequireRole allowed={['ARCHI', 'CLIENT']} />,
    children: [
      {
        element: appShell,
        children: [
          { path: '/dashboard', element: page(shellPages['/dashboard'], 'ArchitectDashboardPage') },
          { path: '/dashboardClient', element: page(shellPages['/dashboardClient'], 'ClientDashboardPage') },
          { path: '/projectOverview', element: page(shellPages['/projectOverview'], 'ProjectOverviewPage') },
        ],
      },
    ],
  },
  {
    element: <RequireRole allowed={['ADMIN']} />,
    children: [{ element: appShell, children: [{ path: '/admin', element: page(shellPages['/admin'], 'AdminPage') }] }],
  },
  {
    // The questionnaire carries no role guard (spec section 6), but it needs a logged-in user.
    element: <RequireRole allowed="any" />,
    children: [
      {
        element: appShell,
        children: [
          { path: '/general', element: page(shellPages['/general'], 'GeneralPage') },
          { path: '/storeys', element: page(shellPages['/storeys'], 'StoreysPage') },
          { path: '/windows', element: page(shellPages['/windows'], 'WindowsPage') },
          { path: '/heating', element: page(shellPages['/heating'], 'HeatingPage') },
        ],
      },
    ],
  },
  { path: '*', element: page(() => import('./features/legal/not-found-page'), 'NotFoundPage') },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
