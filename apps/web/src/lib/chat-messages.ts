import type { ChatMessage } from '@bauakte/domain/schemas';

/** Adds a message to a list once: it may come by the answer, the chat's topic and the user's queue. */
export function withMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((known) => known.id === message.id)) return [...messages];
  return [...messages, message].sort((a, b) => a.id - b.id);
}
