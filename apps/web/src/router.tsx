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

const appShell = page(() => import('./layout/app-shell'), 'AppShell');

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
          { path: '/dashboard', element: page(() => import('./features/dashboard/architect-dashboard-page'), 'ArchitectDashboardPage') },
          { path: '/dashboardClient', element: page(() => import('./features/dashboard/client-dashboard-page'), 'ClientDashboardPage') },
          { path: '/projectOverview', element: page(() => import('./features/projects/project-overview-page'), 'ProjectOverviewPage') },
        ],
      },
    ],
  },
  {
    element: <RequireRole allowed={['ADMIN']} />,
    children: [{ element: appShell, children: [{ path: '/admin', element: page(() => import('./features/admin/admin-page'), 'AdminPage') }] }],
  },
  {
    // The questionnaire carries no role guard (spec section 6), but it needs a logged-in user.
    element: <RequireRole allowed="any" />,
    children: [
      {
        element: appShell,
        children: [
          { path: '/general', element: page(() => import('./features/questionnaire/general-page'), 'GeneralPage') },
          { path: '/storeys', element: page(() => import('./features/questionnaire/storeys-page'), 'StoreysPage') },
          { path: '/windows', element: page(() => import('./features/questionnaire/windows-page'), 'WindowsPage') },
          { path: '/heating', element: page(() => import('./features/questionnaire/heating-page'), 'HeatingPage') },
        ],
      },
    ],
  },
  { path: '*', element: page(() => import('./features/legal/not-found-page'), 'NotFoundPage') },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
