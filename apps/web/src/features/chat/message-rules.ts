import { chatMessageTextSchema } from '@bauakte/domain';

export type MessageCheck = { kind: 'blank' } | { kind: 'invalid'; text: string } | { kind: 'ok' };

/**
 * The server's own rule for a message, checked before sending: blank sends nothing (spec section 5),
 * too long or forbidden characters are said at once instead of after a refused request or, on the
 * live channel, a refused SEND that closes the connection.
 */
export function checkMessage(text: string): MessageCheck {
  if (text.trim() === '') return { kind: 'blank' };
  const parsed = chatMessageTextSchema.safeParse(text);
  return parsed.success ? { kind: 'ok' } : { kind: 'invalid', text: parsed.error.issues[0]?.message ?? '' };
}
