import { afterEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient, sessionUser as person } from '../../test/render';
import { json, stubApi } from '../../test/api-stub';
import { clearSelectedProject, selectProject } from '../../platform/project/project-selection';
import { prefetchOverview } from './overview-start';

/** Answers the overview's requests for any project; records every request's path. */
function recordRequests() {
  const { calls } = stubApi({
    'GET /api/DashboardClient/project/7': () => json(200, {}),
    'GET /api/DashboardClient/project/9': () => json(200, {}),
    'GET /api/s3/project/7': () => json(200, []),
    'GET /api/s3/project/9': () => json(200, []),
    'GET /api/questionnaire/7/changes': () => json(200, []),
  });
  return { paths: () => calls.map((call) => call.path.split('?')[0]).sort() };
}

describe("the project overview's start", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    clearSelectedProject();
  });

  it("asks for an architect's project, its files and its change log at once", async () => {
    const requests = recordRequests();
    selectProject('7');
    prefetchOverview(testQueryClient(), '/projectOverview', '', person('gruber', ['ARCHI']));
    await vi.waitFor(() => expect(requests.paths()).toEqual(['/api/DashboardClient/project/7', '/api/questionnaire/7/changes', '/api/s3/project/7']));
  });

  it("asks for a client's project and its files, the link's project before the selected one", async () => {
    const requests = recordRequests();
    selectProject('7');
    prefetchOverview(testQueryClient(), '/projectOverview', '?projectId=9', person('huber', ['CLIENT']));
    await vi.waitFor(() => expect(requests.paths()).toEqual(['/api/DashboardClient/project/9', '/api/s3/project/9']));
  });

  it('asks for nothing on other pages, without a project, or for an administrator', async () => {
    const requests = recordRequests();
    selectProject('7');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    prefetchOverview(testQueryClient(), '/dashboard', '', person('gruber', ['ARCHI']));
    prefetchOverview(testQueryClient(), '/projectOverview', '', person('admin', ['ADMIN']));
    clearSelectedProject();
    prefetchOverview(testQueryClient(), '/projectOverview', '?projectId=abc', person('gruber', ['ARCHI']));
    // Whatever the start would do later has run: every timer and the promises they start.
    await vi.runAllTimersAsync();
    expect(requests.paths()).toEqual([]);
  });
});
