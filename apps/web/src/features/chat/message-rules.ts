import { chatMessageTextSchema } from '@bauakte/domain/schemas';

export type MessageCheck = { kind: 'invalid'; text: string } | { kind: 'ok' };

/**
 * The server's own rule for a message, checked before sending (the composer sends no blank text):
 * too long or forbidden characters are said at once instead of after a refused request or, on the
 * live channel, a refused SEND that closes the connection.
 */
export function checkMessage(text: string): MessageCheck {
  const parsed = chatMessageTextSchema.safeParse(text);
  return parsed.success ? { kind: 'ok' } : { kind: 'invalid', text: parsed.error.issues[0]?.message ?? '' };
}
