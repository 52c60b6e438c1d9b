import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireRole } from './features/auth/require-role';
import { LoginPage } from './features/auth/login-page';
import { shellPaths } from './layout/shell-paths';
import { de } from './i18n/de';

/** The modules of lazily loaded pages that have arrived, by their loader. */
const loadedModules = new Map<() => Promise<unknown>, Partial<Record<string, ComponentType>>>();

/** A loader that remembers its module once loaded, so pages from it can render without suspending. */
function remembered<M extends Partial<Record<string, ComponentType>>>(load: () => Promise<M>): () => Promise<M> {
  const loader = () =>
    load().then((module) => {
      loadedModules.set(loader, module);
      return module;
    });
  return loader;
}

/**
 * Pages load on demand, so the first route (the login page) stays small. A page whose code has
 * already arrived renders at once: React.lazy would suspend it all the same, commit the fallback,
 * and reveal the page only after React's throttle of Suspense reveals (some 300 ms).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactNode {
  const LazyPage: ComponentType = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  function Page() {
    // Decided once per mount: switching from the lazy wrapper to the component would remount the page.
    const [Loaded] = useState(() => loadedModules.get(load)?.[name]);
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  return (
    <Suspense fallback={<p role="status" className="p-6">{de.common.loading}</p>}>
      <Page />
    </Suspense>
  );
}

const loadLoggedIn = remembered(() => import('./layout/logged-in-pages'));
const appShell = page(loadLoggedIn, 'AppShell');

/**
 * Starts loading the logged-in pages while the app starts, and answers when they are there (or
 * failed); nothing for other pages. Rendering alone would ask for them only once the router has
 * rendered the guard, which costs a round trip on a phone. (index.html asks for them earlier
 * still, see vite.config.ts; this covers a build without that.)
 */
export function preloadStartPage(pathname: string): Promise<void> | undefined {
  if (!shellPaths.includes(pathname)) return undefined;
  return loadLoggedIn().then(
    () => undefined,
    () => undefined,
  );
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
          { path: '/dashboard', element: page(loadLoggedIn, 'ArchitectDashboardPage') },
          { path: '/dashboardClient', element: page(loadLoggedIn, 'ClientDashboardPage') },
          { path: '/projectOverview', element: page(loadLoggedIn, 'ProjectOverviewPage') },
        ],
      },
    ],
  },
  {
    element: <RequireRole allowed={['ADMIN']} />,
    children: [{ element: appShell, children: [{ path: '/admin', element: page(loadLoggedIn, 'AdminPage') }] }],
  },
  {
    // The questionnaire carries no role guard (spec section 6), but it needs a logged-in user.
    element: <RequireRole allowed="any" />,
    children: [
      {
        element: appShell,
        children: [
          { path: '/general', element: page(loadLoggedIn, 'GeneralPage') },
          { path: '/storeys', element: page(loadLoggedIn, 'StoreysPage') },
          { path: '/windows', element: page(loadLoggedIn, 'WindowsPage') },
          { path: '/heating', element: page(loadLoggedIn, 'HeatingPage') },
        ],
      },
    ],
  },
  { path: '*', element: page(() => import('./features/legal/not-found-page'), 'NotFoundPage') },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
