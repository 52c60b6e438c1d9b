import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { SessionContext, type SessionState } from '../features/auth/session-context';
import { FeedbackProvider } from '../features/feedback/feedback-provider';
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
}

/** Renders with a fresh query client (no retries), a session, the confirm/alert host and a router. */
export function renderWithProviders(ui: ReactElement, { user = null, route = '/', path = '/' }: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const session: SessionState = { user, startSession: () => null, logout: vi.fn(async () => {}) };
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <FeedbackProvider>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={children} />
              <Route path="/login" element={<p>Seite /login</p>} />
            </Routes>
          </MemoryRouter>
        </FeedbackProvider>
      </SessionContext.Provider>
    </QueryClientProvider>
  );
  return { ...render(wrap(ui)), session, queryClient };
}
