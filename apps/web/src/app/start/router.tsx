import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireRole } from '../../platform/session/require-role';
import { LoginPage } from './login-page';
import { questionnairePaths, shellPaths } from './shell-paths';
import { deStart as de } from '../../i18n/de-start';

/**
 * Pages load on demand, so the first route (the login page) stays small; the class merge (lib/cn.ts)
 * and the query cache come with them, as the login page needs neither.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactNode {
  const Page: ComponentType = lazy(async () => {
    const [module, { enableClassMerge }, { QueryProvider }] = await Promise.all([load(), import('../../lib/class-merge'), import('../../lib/query-client')]);
    enableClassMerge();
    const Loaded = module[name] as ComponentType;
    return {
      default: () => (
        <QueryProvider>
          <Loaded />
        </QueryProvider>
      ),
    };
  });
  return (
    <Suspense fallback={<p role="status" className="p-6">{de.common.loading}</p>}>
      <Page />
    </Suspense>
  );
}

const load = {
  architectDashboard: () => import('../../features/dashboard/architect-dashboard-page'),
  clientDashboard: () => import('../../features/dashboard/client-dashboard-page'),
  projectOverview: () => import('../../features/project-overview/project-overview-page'),
  admin: () => import('../../features/admin/admin-page'),
  questionnaire: () => import('../layout/questionnaire-pages'),
};

/**
 * The pages in the shell, each its own chunk: a start evaluates the shell's code and its page's, not
 * the other pages' forms and libraries (the dashboards' grid, the admin's requests). The paths are
 * shell-paths.ts's; index.html asks for the same chunks by their names (vite.config.ts).
 */
const shellPageLoaders: Readonly<Record<string, () => Promise<unknown>>> = {
  '/dashboard': load.architectDashboard,
  '/dashboardClient': load.clientDashboard,
  '/projectOverview': load.projectOverview,
  '/admin': load.admin,
  ...Object.fromEntries(questionnairePaths.map((path) => [path, load.questionnaire])),
};

const importShell = () => import('../layout/app-shell');
/** Starts loading the code of the shell page at this path, if it is one. */
const loadPageOf = (pathname: string) => (Object.hasOwn(shellPageLoaders, pathname) ? shellPageLoaders[pathname]?.().catch(() => undefined) : undefined);

/**
 * The shell's code, and beside it the code of the page the address names: the router renders that
 * page only once the shell stands, which after a login would fetch the two one after the other.
 */
function loadShell() {
  void loadPageOf(window.location.pathname);
  return importShell();
}
const appShell = page(loadShell, 'AppShell');

/**
 * Starts loading the shell and the page while the app starts. Rendering alone would ask for them only
 * once the router has rendered the guard, which costs a round trip on a phone. (index.html asks for
 * them earlier still, see vite.config.ts; this covers a build without that.)
 */
export function preloadStartPage(pathname: string): void {
  if (!shellPaths.includes(pathname)) return;
  void importShell().catch(() => undefined);
  void loadPageOf(pathname);
}

/** Pages in the app shell, for a logged-in user holding one of the allowed roles. */
function inShell(allowed: ComponentProps<typeof RequireRole>['allowed'], pages: RouteObject[]): RouteObject {
  return { element: <RequireRole allowed={allowed} />, children: [{ element: appShell, children: pages }] };
}

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: page(() => import('../../features/accounts/register-page'), 'RegisterPage') },
  { path: '/forgotPassword', element: page(() => import('../../features/accounts/forgot-password-page'), 'ForgotPasswordPage') },
  { path: '/reset-password', element: page(() => import('../../features/accounts/reset-password-page'), 'ResetPasswordPage') },
  { path: '/impressum', element: page(() => import('../../features/legal/impressum-page'), 'ImpressumPage') },
  { path: '/datenschutz', element: page(() => import('../../features/legal/privacy-page'), 'PrivacyPage') },
  { path: '/unauthorized', element: page(() => import('../../features/legal/unauthorized-page'), 'UnauthorizedPage') },
  inShell(['ARCHI', 'CLIENT'], [
    { path: '/dashboard', element: page(load.architectDashboard, 'ArchitectDashboardPage') },
    { path: '/dashboardClient', element: page(load.clientDashboard, 'ClientDashboardPage') },
    { path: '/projectOverview', element: page(load.projectOverview, 'ProjectOverviewPage') },
  ]),
  inShell(['ADMIN'], [{ path: '/admin', element: page(load.admin, 'AdminPage') }]),
  // The questionnaire carries no role guard (spec section 6), but it needs a logged-in user.
  inShell('any', [
    { path: '/general', element: page(load.questionnaire, 'GeneralPage') },
    { path: '/storeys', element: page(load.questionnaire, 'StoreysPage') },
    { path: '/windows', element: page(load.questionnaire, 'WindowsPage') },
    { path: '/heating', element: page(load.questionnaire, 'HeatingPage') },
  ]),
  { path: '*', element: page(() => import('../../features/legal/not-found-page'), 'NotFoundPage') },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
