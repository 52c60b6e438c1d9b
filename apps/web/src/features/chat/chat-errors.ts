import { errorText, fieldIssuesOf, type ErrorContext } from '../../lib/api-errors';

/**
 * A failed send in German: the refused message's own reason where the server names one. A refusal
 * on the live channel (ERROR frame) is read as the REST answer it stands for.
 */
export function chatErrorText(error: unknown, context: ErrorContext): string {
  const issue = fieldIssuesOf(error).find((item) => item.field === 'message');
  return issue ? `${context.failed} ${issue.message}` : errorText(error, context);
}
