import { Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireRole } from '../../platform/session/require-role';
import { LoginPage } from './login-page';
import { questionnairePaths } from './shell-paths';
import { deStart as de } from '../../i18n/de-start';

/** A page of the route table: what the route renders, and its code fetched in advance. */
interface Page {
  element: ReactNode;
  preload(): Promise<void>;
}

/**
 * Pages load on demand, so the first route (the login page) stays small; the class merge (lib/cn.ts)
 * and the query cache come with them, as the login page needs neither. A page whose code is here
 * renders at once (lazyComponent): a start waits for its page's code before the first render.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  const onDemand = lazyComponent(async () => {
    const [module, { enableClassMerge }, { QueryProvider }] = await Promise.all([load(), import('../../lib/class-merge'), import('../../lib/query-client')]);
    enableClassMerge();
    const Loaded = module[name] as ComponentType;
    return function WithQueryCache() {
      return (
        <QueryProvider>
          <Loaded />
        </QueryProvider>
      );
    };
  });
  const Page = onDemand.Component;
  return {
    element: (
      <Suspense fallback={<p role="status" className="p-6">{de.common.loading}</p>}>
        <Page />
      </Suspense>
    ),
    preload: onDemand.preload,
  };
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
const shellPages: Readonly<Record<string, Page>> = {
  '/dashboard': page(load.architectDashboard, 'ArchitectDashboardPage'),
  '/dashboardClient': page(load.clientDashboard, 'ClientDashboardPage'),
  '/projectOverview': page(load.projectOverview, 'ProjectOverviewPage'),
  '/admin': page(load.admin, 'AdminPage'),
  '/general': page(load.questionnaire, 'GeneralPage'),
  '/storeys': page(load.questionnaire, 'StoreysPage'),
  '/windows': page(load.questionnaire, 'WindowsPage'),
  '/heating': page(load.questionnaire, 'HeatingPage'),
};
const shellPageOf = (pathname: string): Page | undefined => (Object.hasOwn(shellPages, pathname) ? shellPages[pathname] : undefined);
const shellRoute = (path: string): RouteObject => ({ path, element: shellPageOf(path)?.element });

/**
 * The shell's code, and beside it the code of the page the address names: the router renders that
 * page only once the shell stands, which after a login would fetch the two one after the other.
 */
function loadShell() {
  void shellPageOf(window.location.pathname)?.preload().catch(() => undefined);
  return import('../layout/app-shell');
}
const appShell = page(loadShell, 'AppShell');

/**
 * The code of the shell and of the page the app starts on, fetched at once; resolves when both are
 * here, so the first render shows them without a fallback (and React's reveal throttle after it).
 * Rendering alone would ask for them only once the router has rendered the guard, which costs a
 * round trip on a phone. (index.html asks for them earlier still, see vite.config.ts.)
 */
export function preloadStartPage(pathname: string): Promise<void> {
  const startPage = shellPageOf(pathname);
  if (!startPage) return Promise.resolve();
  return Promise.all([appShell.preload(), startPage.preload()]).then(() => undefined);
}

/** Pages in the app shell, for a logged-in user holding one of the allowed roles. */
function inShell(allowed: ComponentProps<typeof RequireRole>['allowed'], pages: RouteObject[]): RouteObject {
  return { element: <RequireRole allowed={allowed} />, children: [{ element: appShell.element, children: pages }] };
}

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: page(() => import('../../features/accounts/register-page'), 'RegisterPage').element },
  { path: '/forgotPassword', element: page(() => import('../../features/accounts/forgot-password-page'), 'ForgotPasswordPage').element },
  { path: '/reset-password', element: page(() => import('../../features/accounts/reset-password-page'), 'ResetPasswordPage').element },
  { path: '/impressum', element: page(() => import('../../features/legal/impressum-page'), 'ImpressumPage').element },
  { path: '/datenschutz', element: page(() => import('../../features/legal/privacy-page'), 'PrivacyPage').element },
  { path: '/unauthorized', element: page(() => import('../../features/legal/unauthorized-page'), 'UnauthorizedPage').element },
  inShell(['ARCHI', 'CLIENT'], [
    shellRoute('/dashboard'),
    shellRoute('/dashboardClient'),
    shellRoute('/projectOverview'),
  ]),
  inShell(['ADMIN'], [shellRoute('/admin')]),
  // The questionnaire carries no role guard (spec section 6), but it needs a logged-in user.
  inShell('any', questionnairePaths.map(shellRoute)),
  { path: '*', element: page(() => import('../../features/legal/not-found-page'), 'NotFoundPage').element },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
