import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider } from 'react-router';
import { SessionProvider } from '../../platform/session/session-provider';
import { fakeToken } from '../../test/tokens';

// A shell that shows its page, and a dashboard that says what it is.
vi.mock('../layout/app-shell', () => ({ AppShell: () => <Outlet /> }));
vi.mock('../../features/dashboard/architect-dashboard-page', () => ({ ArchitectDashboardPage: () => <h1>Übersicht</h1> }));

const { createRouter, preloadStartPage } = await import('./router');

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('a logged-in start', () => {
  it("shows its page in the first render once the shell's and the page's code are here, never 'Laden...' first", async () => {
    sessionStorage.setItem('token', fakeToken({ sub: 'mara', roles: ['ARCHI'], jti: 's1', exp: 9999999999 }));
    window.history.replaceState(null, '', '/dashboard');
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    await preloadStartPage('/dashboard');
    render(
      <SessionProvider>
        <RouterProvider router={createRouter()} />
      </SessionProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Übersicht' })).toBeTruthy();
    expect(screen.queryByText('Laden...')).toBeNull();
  });
});
