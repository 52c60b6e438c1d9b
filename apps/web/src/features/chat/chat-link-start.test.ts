import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/token';
import { linkedChatOf, prefetchLinkedChat } from './chat-link-start';

const person = (username: string, roles: string[]): SessionUser => ({ username, roles, roleText: roles.join(', '), token: 't' });

function recordRequests() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(`${url.pathname}${url.search}`);
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  return urls;
}

describe('a chat link at start', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the chat of ?chat=12 and nothing else', () => {
    expect(linkedChatOf('?chat=12')).toBe(12);
    expect(linkedChatOf('?projectId=3&chat=7')).toBe(7);
    expect(linkedChatOf('?chat=abc')).toBeNull();
    expect(linkedChatOf('?chat=')).toBeNull();
    expect(linkedChatOf('')).toBeNull();
  });

  it("asks for the client's chats and the linked chat's latest messages at once", async () => {
    const urls = recordRequests();
    prefetchLinkedChat(new QueryClient(), '?chat=12', person('huber', ['CLIENT']));
    await vi.waitFor(() => expect(urls).toHaveLength(2));
    expect(urls.sort()).toEqual(['/api/MessageManagment/receiver/huber?chatId=12', '/api/MessageManagment/receiver/huber?page=1&limit=100&messages=1']);
  });

  it('asks for nothing without a chat in the link or for an administrator, who takes part in no chat', async () => {
    const urls = recordRequests();
    prefetchLinkedChat(new QueryClient(), '', person('huber', ['CLIENT']));
    prefetchLinkedChat(new QueryClient(), '?chat=x', person('huber', ['CLIENT']));
    prefetchLinkedChat(new QueryClient(), '?chat=12', person('admin', ['ADMIN']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls).toEqual([]);
  });
});
