import { ApiError } from '../../lib/api';
import { errorReason, fieldIssuesOf } from '../../lib/api-errors';
import { de } from '../../i18n/de';

export interface ExportFailure {
  /** The line under 'Export fehlgeschlagen': the server's German reason, when there is one. */
  reason: string | undefined;
  /** The server's message about the address, shown beside the e-mail field. */
  emailMessage: string | undefined;
}

/**
 * What a failed export shows: always 'Export fehlgeschlagen' (spec section 8), with the server's
 * reason below it — a refused address stands beside its field instead.
 */
export function exportFailureOf(error: unknown): ExportFailure {
  const emailIssue = fieldIssuesOf(error).find((issue) => issue.field === 'email');
  if (emailIssue) return { reason: undefined, emailMessage: emailIssue.message };
  if (!(error instanceof ApiError)) return { reason: de.exportProject.networkError, emailMessage: undefined };
  return { reason: errorReason(error), emailMessage: undefined };
}
