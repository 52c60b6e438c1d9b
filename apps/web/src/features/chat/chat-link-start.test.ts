import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api-stub';
import { sessionUser as person } from '../../test/render';
import { linkedChatOf, prefetchLinkedChat } from './chat-link-start';

/** Answers the client's chat requests with an empty list; records every request's path and query. */
function recordRequests() {
  const { calls } = stubApi({ 'GET /api/MessageManagment/receiver/huber': () => json(200, []) });
  return { paths: () => calls.map((call) => call.path) };
}

describe('a chat link at start', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('names the chat of ?chat=12 and nothing else', () => {
    expect(linkedChatOf(new URLSearchParams('?chat=12'))).toBe(12);
    expect(linkedChatOf(new URLSearchParams('?projectId=3&chat=7'))).toBe(7);
    expect(linkedChatOf(new URLSearchParams('?chat=abc'))).toBeNull();
    expect(linkedChatOf(new URLSearchParams('?chat='))).toBeNull();
    expect(linkedChatOf(new URLSearchParams(''))).toBeNull();
  });

  it("asks for the client's chats and the linked chat's latest messages at once", async () => {
    const requests = recordRequests();
    prefetchLinkedChat(new QueryClient(), '?chat=12', person('huber', ['CLIENT']));
    await vi.waitFor(() => expect(requests.paths()).toHaveLength(2));
    expect(requests.paths().sort()).toEqual(['/api/MessageManagment/receiver/huber?chatId=12', '/api/MessageManagment/receiver/huber?page=1&limit=100&messages=1']);
  });

  it('asks for nothing without a chat in the link or for an administrator, who takes part in no chat', async () => {
    const requests = recordRequests();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    prefetchLinkedChat(new QueryClient(), '', person('huber', ['CLIENT']));
    prefetchLinkedChat(new QueryClient(), '?chat=x', person('huber', ['CLIENT']));
    prefetchLinkedChat(new QueryClient(), '?chat=12', person('admin', ['ADMIN']));
    // Whatever the start would do later has run: every timer and the promises they start.
    await vi.runAllTimersAsync();
    expect(requests.paths()).toEqual([]);
  });
});
