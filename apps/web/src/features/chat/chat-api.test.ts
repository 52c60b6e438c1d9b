import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ChatConversation, ChatMessage } from '@bauakte/domain/schemas';
import { chatKeys } from '../../lib/query-keys';
import { conversationsQuery, fetchChatsWith, hasLatest, keepEarlier, withLatest } from './chat-api';

const message = (id: number): ChatMessage => ({ id, chatId: 7, message: `Nachricht ${id}`, senderUsername: 'mara', receiverUsername: 'kunde', isRead: true, sentAt: '2026-11-25T10:00:00.000Z' });
const conversation = (ids: number[], hasEarlier: boolean, chatId = 7): ChatConversation => ({
  chatId,
  participant: { username: 'kunde', firstName: 'Klara', lastName: 'Kundin', role: 'CLIENT' },
  lastMessage: message(ids.at(-1)!),
  unreadCount: 0,
  messages: ids.map(message),
  hasEarlier,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('keepEarlier', () => {
  it("keeps the messages 'Ältere Nachrichten laden' brought when the list is read again", () => {
    const shown = [conversation(range(21, 60), true)];
    const merged = keepEarlier(shown, [conversation(range(41, 60), true)]);
    expect(merged[0]!.messages.map((m) => m.id)).toEqual(range(21, 60));
    expect(merged[0]!.hasEarlier).toBe(true);
    // All of the chat shown: nothing earlier is left to load.
    expect(keepEarlier([conversation(range(1, 60), false)], [conversation(range(42, 61), true)])[0]).toMatchObject({ hasEarlier: false, messages: range(1, 61).map(message) });
  });

  it('lets a fresh page stand alone after a gap, and changes nothing it has not seen', () => {
    const gap = keepEarlier([conversation(range(21, 60), true)], [conversation(range(70, 89), true)]);
    expect(gap[0]!.messages.map((m) => m.id)).toEqual(range(70, 89));
    const fresh = [conversation(range(41, 60), true), conversation([5], false, 8)];
    expect(keepEarlier(undefined, fresh)).toBe(fresh);
    expect(keepEarlier([conversation(range(41, 60), true)], fresh)).toEqual(fresh);
  });
});

describe('withLatest and hasLatest', () => {
  it('a list entry (its last message) needs its latest messages; a page of them, or the whole chat, does not', () => {
    expect(hasLatest(conversation([60], true))).toBe(false);
    // A message that came live since does not make it whole.
    expect(hasLatest(conversation([60, 61], true))).toBe(false);
    expect(hasLatest(conversation(range(41, 60), true))).toBe(true);
    expect(hasLatest(conversation([1, 2, 3], false))).toBe(true);
  });

  it('lays the latest messages under the entry, keeping what came live, and asks the one reaching further back about earlier ones', () => {
    const merged = withLatest(conversation([60, 61], true), conversation(range(41, 60), true));
    expect(merged.messages.map((m) => m.id)).toEqual(range(41, 61));
    expect(merged.hasEarlier).toBe(true);
    expect(withLatest(conversation([3], true), conversation([1, 2, 3], false)).hasEarlier).toBe(false);
    // Earlier messages already loaded (further back than the latest page) keep their own answer.
    expect(withLatest(conversation(range(1, 60), false), conversation(range(41, 60), true))).toMatchObject({ hasEarlier: false, messages: range(1, 60).map(message) });
  });
});

describe('fetchChatsWith', () => {
  const partner = (chatId: number, username: string): ChatConversation => ({ ...conversation([chatId * 100], true, chatId), participant: { username, firstName: null, lastName: null, role: 'ARCHI' } });

  it("fetches the user's chats with the project's people, each with its latest messages, through the query cache", async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const chatId = /chatId=(\d+)/.exec(url)?.[1];
      const body = chatId ? [{ ...conversation(range(1, 20), true, Number(chatId)), participant: partner(Number(chatId), 'x').participant }] : [partner(1, 'Mara'), partner(2, 'fritz'), partner(3, 'kunde')];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const client = new QueryClient();
    expect(await fetchChatsWith(client, 'kunde', ['mara', 'kunde'])).toBe(1);
    vi.unstubAllGlobals();
    expect(asked.filter((url) => url.includes('chatId='))).toEqual([expect.stringContaining('chatId=1')]);
    expect(client.getQueryData<ChatConversation[]>(chatKeys.conversations('kunde'))).toHaveLength(3);
    expect(client.getQueryData<ChatConversation>(chatKeys.latest('kunde', 1))?.messages).toHaveLength(20);
    expect(client.getQueryData(chatKeys.latest('kunde', 2))).toBeUndefined();
  });
});

describe('conversationsQuery', () => {
  it('keeps the latest messages laid in while the list was on its way: what is shown is read once the list is here', async () => {
    let answer: ((response: Response) => void) | undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const client = new QueryClient();
    const key = chatKeys.conversations('kunde');
    client.setQueryData(key, [conversation([60], true)]);
    const fetching = conversationsQuery(client, 'kunde').queryFn();
    // The chat's latest messages arrive and are laid into the list while it is fetched again.
    client.setQueryData(key, [conversation(range(41, 60), false)]);
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer!(new Response(JSON.stringify([conversation([60], true)]), { status: 200, headers: { 'content-type': 'application/json' } }));
    const list = await fetching;
    vi.unstubAllGlobals();
    expect(list[0]).toMatchObject({ hasEarlier: false, messages: range(41, 60).map(message) });
  });
});
