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

const placeholders = () => import('./features/placeholders/placeholder-routes');
const appShell = page(() => import('./layout/app-shell'), 'AppShell');

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: page(placeholders, 'RegisterPlaceholder') },
  { path: '/forgotPassword', element: page(placeholders, 'ForgotPasswordPlaceholder') },
  { path: '/reset-password', element: page(placeholders, 'ResetPasswordPlaceholder') },
  { path: '/impressum', element: page(() => import('./features/legal/impressum-page'), 'ImpressumPage') },
  { path: '/unauthorized', element: page(() => import('./features/legal/unauthorized-page'), 'UnauthorizedPage') },
  {
    element: <RequireRole allowed={['ARCHI', 'CLIENT']} />,
    children: [
      {
        element: appShell,
        children: [
          { path: '/dashboard', element: page(placeholders, 'ArchitectDashboardPlaceholder') },
          { path: '/dashboardClient', element: page(placeholders, 'ClientDashboardPlaceholder') },
          { path: '/projectOverview', element: page(placeholders, 'ProjectOverviewPlaceholder') },
        ],
      },
    ],
  },
  {
    element: <RequireRole allowed={['ADMIN']} />,
    children: [{ element: appShell, children: [{ path: '/admin', element: page(placeholders, 'AdminPlaceholder') }] }],
  },
  {
    // The questionnaire carries no role guard (spec section 6), but it needs a logged-in user.
    element: <RequireRole allowed="any" />,
    children: [
      {
        element: appShell,
        children: [
          { path: '/general', element: page(placeholders, 'GeneralPlaceholder') },
          { path: '/storeys', element: page(placeholders, 'StoreysPlaceholder') },
          { path: '/windows', element: page(placeholders, 'WindowsPlaceholder') },
          { path: '/heating', element: page(placeholders, 'HeatingPlaceholder') },
        ],
      },
    ],
  },
  { path: '*', element: page(() => import('./features/legal/not-found-page'), 'NotFoundPage') },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
