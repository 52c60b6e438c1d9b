import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api-stub';
import { testQueryClient } from '../../test/render';
import { clearSelectedProject, selectProject } from '../../platform/project/project-selection';
import { fetchStepAnswers } from './questionnaire-api';
import { prefetchStep } from './step-start';

function recordRequests() {
  const { calls } = stubApi({
    'GET /api/DashboardClient/project/7': () => json(200, {}),
    'GET /api/windows/7': () => json(200, {}, { etag: '"3"' }),
  });
  return { paths: () => calls.map((call) => call.path).sort() };
}

describe("a questionnaire step's start", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
    clearSelectedProject();
  });

  it("asks for the selected project and the step's answers at once; the step's first read takes those answers", async () => {
    const requests = recordRequests();
    selectProject('7');
    prefetchStep(testQueryClient(), '/windows');
    await vi.waitFor(() => expect(requests.paths()).toEqual(['/api/DashboardClient/project/7', '/api/windows/7']));

    expect((await fetchStepAnswers('windows', '7')).version).toBe('"3"');
    expect(requests.paths()).toHaveLength(2);
    // Taken once: a later read asks the server.
    await fetchStepAnswers('windows', '7');
    expect(requests.paths()).toHaveLength(3);
  });

  it('leaves answers older than a page mounts with to a fresh request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const requests = recordRequests();
    selectProject('7');
    prefetchStep(testQueryClient(), '/windows');
    vi.setSystemTime(Date.now() + 60_000);
    await fetchStepAnswers('windows', '7');
    expect(requests.paths().filter((path) => path === '/api/windows/7')).toHaveLength(2);
  });

  it('asks for nothing on other pages or without a project', async () => {
    const requests = recordRequests();
    prefetchStep(testQueryClient(), '/windows');
    selectProject('7');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    prefetchStep(testQueryClient(), '/dashboard');
    // Whatever the start would do later has run: every timer and the promises they start.
    await vi.runAllTimersAsync();
    expect(requests.paths()).toEqual([]);
  });

  it('asks for nothing offline: the step then reads what the device keeps', async () => {
    const requests = recordRequests();
    selectProject('7');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    prefetchStep(testQueryClient(), '/windows');
    await vi.runAllTimersAsync();
    expect(requests.paths()).toEqual([]);
  });
});
