import { useState, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { vi } from 'vitest';
import { SessionContext, type SessionState } from '../platform/session/session-context';
import { FeedbackProvider } from '../platform/feedback/feedback-provider';
import { UnsavedChangesProvider } from '../platform/unsaved-changes/unsaved-changes-provider';
import { queryDefaults } from '../lib/query-client';
import type { SessionUser } from '../lib/token';

export function sessionUser(username: string, roles: string[]): SessionUser {
  return { username, roles, roleText: roles.join(', '), token: 'test-token' };
}

interface Options {
  user?: SessionUser | null;
  /** Where the router starts, e.g. '/register?token=abc'. */
  route?: string;
  /** The route pattern `ui` is mounted at; other paths render their own name, e.g. 'Seite /login'. */
  path?: string;
  /** A data router (as the app's createBrowserRouter), for pages that use e.g. useBlocker. */
  dataRouter?: boolean;
  /** What /login shows; by default just its name, 'Seite /login'. */
  login?: ReactElement;
  /** The query cache, e.g. one a start's prefetch filled; by default a fresh one. */
  queryClient?: QueryClient;
}

const loginStub = <p>Seite /login</p>;

function TestDataRouter({ children, route, path, login }: { children: ReactNode; route: string; path: string; login: ReactElement }) {
  // Created once: a re-render must not send the page back to where the test started.
  const [router] = useState(() => createMemoryRouter([{ path, element: children }, { path: '/login', element: login }], { initialEntries: [route] }));
  return <RouterProvider router={router} />;
}

function TestRouter({ children, route, path, dataRouter, login }: { children: ReactNode; route: string; path: string; dataRouter: boolean; login: ReactElement }) {
  if (dataRouter) return <TestDataRouter route={route} path={path} login={login}>{children}</TestDataRouter>;
  return (
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path={path} element={children} />
        <Route path="/login" element={login} />
      </Routes>
    </MemoryRouter>
  );
}

/** A query cache with the app's defaults and no retries. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { ...queryDefaults, retry: false }, mutations: { retry: false } } });

/** Renders with a fresh query client (the app's defaults, no retries), a session, the confirm/alert host, the unsaved-changes registry and a router. */
export function renderWithProviders(ui: ReactElement, { user = null, route = '/', path = '/', dataRouter = false, login = loginStub, queryClient = testQueryClient() }: Options = {}) {
  const session: SessionState = { user, startSession: () => null, logout: vi.fn(async () => {}) };
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <FeedbackProvider>
          <UnsavedChangesProvider>
            <TestRouter route={route} path={path} dataRouter={dataRouter} login={login}>
              {children}
            </TestRouter>
          </UnsavedChangesProvider>
        </FeedbackProvider>
      </SessionContext.Provider>
    </QueryClientProvider>
  );
  return { ...render(wrap(ui)), session, queryClient };
}
