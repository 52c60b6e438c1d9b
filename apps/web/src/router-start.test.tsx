import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionState } from './features/auth/session-context';
import { sessionUser } from './test/render';

vi.mock('./layout/logged-in-pages', () => ({
  AppShell: () => <Outlet />,
  ArchitectDashboardPage: () => <h1>Dashboard</h1>,
}));

const { preloadStartPage, routes } = await import('./router');

afterEach(cleanup);

function renderAt(path: string) {
  const session: SessionState = { user: sessionUser('gruber', ['ARCHI']), startSession: () => null, logout: async () => {} };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SessionContext.Provider value={session}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
}

describe('start of a logged-in page', () => {
  it('answers nothing for pages outside the shell', () => {
    expect(preloadStartPage('/login')).toBeUndefined();
  });

  it("renders the page at once when its code has arrived: no 'Laden...' first", async () => {
    await preloadStartPage('/dashboard');
    act(() => renderAt('/dashboard'));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText('Laden...')).toBeNull();
  });
});
