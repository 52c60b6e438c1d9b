import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../../platform/session/session-provider';
import { fakeToken } from '../../test/tokens';

const loaded = vi.hoisted(() => [] as string[]);
// A shell that renders no page: whatever page code loads, the shell's loader asked for it.
vi.mock('../layout/app-shell', () => {
  loaded.push('shell');
  return { AppShell: () => null };
});
vi.mock('../../features/dashboard/architect-dashboard-page', () => {
  loaded.push("architect's dashboard");
  return { ArchitectDashboardPage: () => null };
});

const { createRouter } = await import('./router');

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the logged-in shell', () => {
  it("asks for the page's code beside its own, not once it stands (after a login, say)", async () => {
    sessionStorage.setItem('token', fakeToken({ sub: 'mara', roles: ['ARCHI'], jti: 's1', exp: 9999999999 }));
    window.history.replaceState(null, '', '/dashboard');
    // The session's own requests stay unanswered: only which code loads is looked at.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    render(
      <SessionProvider>
        <RouterProvider router={createRouter()} />
      </SessionProvider>,
    );
    await waitFor(() => expect([...loaded].sort()).toEqual(["architect's dashboard", 'shell']));
  });
});
