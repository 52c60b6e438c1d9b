import { chatMessageTextSchema } from '@bauakte/domain';
import { errorText, fieldIssuesOf, type ErrorContext } from '../../lib/api-errors';

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

/**
 * A failed send in German: the refused message's own reason where the server names one. A refusal
 * on the live channel (ERROR frame) is read as the REST answer it stands for.
 */
export function chatErrorText(error: unknown, context: ErrorContext): string {
  const issue = fieldIssuesOf(error).find((item) => item.field === 'message');
  return issue ? `${context.failed} ${issue.message}` : errorText(error, context);
}
