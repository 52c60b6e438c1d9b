import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/token';
import { fetchDashboardFirst, prefetchDashboard } from './dashboard-start';

const person = (username: string, roles: string[]): SessionUser => ({ username, roles, roleText: roles.join(', '), token: 't' });

function recordRequests() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    urls.push(new URL(String(input), 'http://localhost').pathname);
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  return urls;
}

describe('prefetchDashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("asks for an architect's layout, project news and the first page of 'Alle Projekte' at start", async () => {
    const urls = recordRequests();
    prefetchDashboard(new QueryClient(), '/dashboard', person('gruber', ['ARCHI']));
    await vi.waitFor(() => expect(urls.sort()).toEqual(['/api/ProjectManagment/dash/gruber', '/api/dashboardLayout/architect', '/api/projects']));
  });

  it("asks for a client's layout and projects at start", async () => {
    const urls = recordRequests();
    prefetchDashboard(new QueryClient(), '/dashboardClient', person('huber', ['CLIENT']));
    await vi.waitFor(() => expect(urls.sort()).toEqual(['/api/DashboardClient/dashi/huber', '/api/dashboardLayout/client']));
  });

  it('asks for nothing on other pages or for a role the page does not serve', async () => {
    const urls = recordRequests();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    prefetchDashboard(new QueryClient(), '/dashboard', person('huber', ['CLIENT']));
    prefetchDashboard(new QueryClient(), '/windows', person('huber', ['CLIENT']));
    prefetchDashboard(new QueryClient(), '/login', person('gruber', ['ARCHI']));
    // Whatever the start would do later has run: every timer and the promises they start.
    await vi.runAllTimersAsync();
    expect(urls).toEqual([]);
  });

  it("fetches the user's own dashboard, whichever page is open, and resolves once its answers are in the cache", async () => {
    const urls = recordRequests();
    const client = new QueryClient();
    await fetchDashboardFirst(client, person('huber', ['CLIENT']));
    expect(urls.sort()).toEqual(['/api/DashboardClient/dashi/huber', '/api/dashboardLayout/client']);
    expect(client.getQueryData(['projects', 'client', 'huber'])).toEqual([]);
  });
});
