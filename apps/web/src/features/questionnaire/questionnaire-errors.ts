import { ApiError, NetworkError } from '../../lib/api';
import { withServerDetail } from '../../lib/error-message';
import { de } from '../../i18n/de';

const t = de.questionnaire;

/**
 * The schema's message for a question, shown beside it. The schema words a missing answer as
 * 'Required' or 'Expected boolean, received null', which tells a client nothing; that one case
 * reads as a German request to answer. Range messages ('Year must be at least 1300.') stay verbatim.
 */
export function questionMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === 'Required' || /^Expected \w+, received (null|undefined)$/.test(message)) return t.answerRequired;
  return message;
}

/** The project is gone or not the caller's: the server answers 404 (and 400 for an id that is no number). */
export function isProjectUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The German line under the form after a failed save; the page stays where it is. */
export function saveFailureText(error: unknown): string {
  if (error instanceof NetworkError) return t.saveFailedNetwork;
  if (!(error instanceof ApiError)) return t.saveFailed;
  if (error.status === 400) return t.saveFailed;
  if (error.status === 404) return `${t.saveFailedServer} ${t.projectNotFound}`;
  return withServerDetail(t.saveFailedServer, error);
}

export interface FieldIssue {
  /** A form field path, e.g. 'roof.roofType'. */
  field: string;
  message: string;
}

/** The server's field messages of a 400 answer ({path: 'body/roof/roofType', message}), as form paths. */
export function serverFieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return error.issues
    .map((issue) => ({ field: issue.path.replace(/^body\/?/, '').split('/').filter(Boolean).join('.'), message: issue.message }))
    .filter((issue) => issue.field !== '');
}
