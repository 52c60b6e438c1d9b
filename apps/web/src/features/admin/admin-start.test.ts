import { afterEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient, sessionUser as person } from '../../test/render';
import { json, stubApi } from '../../test/api-stub';
import { prefetchAdmin } from './admin-start';

function recordRequests() {
  const { calls } = stubApi({
    'GET /api/team/allTeams': () => json(200, []),
    'GET /api/team/available-architects': () => json(200, []),
    'GET /api/admin/mail-failures': () => json(200, []),
  });
  return { paths: () => calls.map((call) => call.path).sort() };
}

describe("the administration page's start", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks for the teams, the architects without a team and the failed mails at once', async () => {
    const requests = recordRequests();
    prefetchAdmin(testQueryClient(), '/admin', person('admin', ['ADMIN']));
    await vi.waitFor(() => expect(requests.paths()).toEqual(['/api/admin/mail-failures', '/api/team/allTeams', '/api/team/available-architects']));
  });

  it('asks for nothing on other pages or for an architect', async () => {
    const requests = recordRequests();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    prefetchAdmin(testQueryClient(), '/dashboard', person('admin', ['ADMIN']));
    prefetchAdmin(testQueryClient(), '/admin', person('gruber', ['ARCHI']));
    // Whatever the start would do later has run: every timer and the promises they start.
    await vi.runAllTimersAsync();
    expect(requests.paths()).toEqual([]);
  });
});
