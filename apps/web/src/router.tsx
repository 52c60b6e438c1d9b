import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireRole } from './features/auth/require-role';
import { LoginPage } from './features/auth/login-page';
import { questionnairePaths, shellPaths } from './layout/shell-paths';
import { deStart as de } from './i18n/de-start';

/**
 * Pages load on demand, so the first route (the login page) stays small; the class merge (lib/cn.ts)
 * and the query cache come with them, as the login page needs neither.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactNode {
  const Page: ComponentType = lazy(async () => {
    const [module, { enableClassMerge }, { QueryProvider }] = await Promise.all([load(), import('./lib/class-merge'), import('./lib/query-client')]);
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

const loadLoggedIn = () => import('./layout/logged-in-pages');
const loadQuestionnaire = () => import('./layout/questionnaire-pages');
const appShell = page(loadLoggedIn, 'AppShell');

/**
 * Starts loading the logged-in pages while the app starts. Rendering alone would ask for them only
 * once the router has rendered the guard, which costs a round trip on a phone. (index.html asks for
 * them earlier still, see vite.config.ts; this covers a build without that.)
 */
export function preloadStartPage(pathname: string): void {
  if (shellPaths.includes(pathname)) void loadLoggedIn().catch(() => undefined);
  if (questionnairePaths.includes(pathname)) void loadQuestionnaire().catch(() => undefined);
}

/** Pages in the app shell, for a logged-in user holding one of the allowed roles. */
function inShell(allowed: ComponentProps<typeof RequireRole>['allowed'], pages: RouteObject[]): RouteObject {
  return { element: <RequireRole allowed={allowed} />, children: [{ element: appShell, children: pages }] };
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
  inShell(['ARCHI', 'CLIENT'], [
    { path: '/dashboard', element: page(loadLoggedIn, 'ArchitectDashboardPage') },
    { path: '/dashboardClient', element: page(loadLoggedIn, 'ClientDashboardPage') },
    { path: '/projectOverview', element: page(loadLoggedIn, 'ProjectOverviewPage') },
  ]),
  inShell(['ADMIN'], [{ path: '/admin', element: page(loadLoggedIn, 'AdminPage') }]),
  // The questionnaire carries no role guard (spec section 6), but it needs a logged-in user.
  inShell('any', [
    { path: '/general', element: page(loadQuestionnaire, 'GeneralPage') },
    { path: '/storeys', element: page(loadQuestionnaire, 'StoreysPage') },
    { path: '/windows', element: page(loadQuestionnaire, 'WindowsPage') },
    { path: '/heating', element: page(loadQuestionnaire, 'HeatingPage') },
  ]),
  { path: '*', element: page(() => import('./features/legal/not-found-page'), 'NotFoundPage') },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
