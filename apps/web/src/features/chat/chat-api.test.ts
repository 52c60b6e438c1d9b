import { describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@bauakte/domain/schemas';
import { hasLatest, keepEarlier, withLatest } from './chat-api';

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
