import type { ErrorCode } from '@bauakte/domain/labels';
import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { deStart as de } from '../i18n/de-start';
import { ApiError } from './api';

/**
 * The one place that reads the server's error answers: features ask here which case an error is —
 * by the server's stable code; the status stands in only where an answer names none — and which
 * German text to show for it.
 */

/** How a context shows the server's German reason. */
type ReasonUse =
  /** The reason alone, else the context's text (spec section 8: 'the server text or …'). */
  | 'instead'
  /** The context's text followed by the reason, e.g. 'Fehler beim Speichern. Dafür fehlt …'. */
  | 'after'
  /** The context's text only. */
  | 'never';

export interface ErrorContext {
  /** The server answered with an error and gave no reason (or the context shows none). */
  failed: string;
  /** No answer at all; a function gets the error's own text (the login shows it). */
  network: string | ((reason: string) => string);
  reason: ReasonUse;
  /** Fixed texts for particular codes, in place of anything the server said. */
  byCode?: Partial<Record<ErrorCode, string>>;
}

const isErrorCode = (code: string | undefined): code is ErrorCode => code !== undefined && Object.hasOwn(de.apiErrors, code);

/** What a status says when the answer names no code (a proxy's page, an empty body). */
const codeOfStatus: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_ATTEMPTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** The stable code of a server answer (else what its status says); undefined without an answer. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return isErrorCode(error.code) ? error.code : codeOfStatus[error.status];
}

export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): boolean {
  const code = errorCodeOf(error);
  return code !== undefined && codes.includes(code);
}

/** No answer, or the server failed itself: worth one more try, unlike a refusal. */
export function mayRetry(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The server's German reason (or the code's text), with the wait a throttled answer names. */
export function errorReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const reason = error.serverMessage ?? (isErrorCode(error.code) ? de.apiErrors[error.code] : undefined);
  if (reason === undefined || error.retryAfterSeconds === undefined) return reason;
  return `${reason} ${de.retryAfter(minutesOf(error.retryAfterSeconds))}`;
}

function networkText(error: unknown, context: ErrorContext): string {
  if (typeof context.network === 'string') return context.network;
  const reason = error instanceof Error ? error.message : String(error);
  return context.network(reason);
}

export interface ErrorTextOptions {
  /** The answer's field messages already stand beside the fields: the form's line only says it failed. */
  fieldIssuesShown?: boolean;
}

/** The German text a form or modal shows for a failed call, by the rules of its context. */
export function errorText(error: unknown, context: ErrorContext, options: ErrorTextOptions = {}): string {
  if (!(error instanceof ApiError)) return networkText(error, context);
  const code = errorCodeOf(error);
  const fixed = code === undefined ? undefined : context.byCode?.[code];
  if (fixed !== undefined) return fixed;
  const reason = errorReason(error);
  if (reason === undefined || context.reason === 'never' || options.fieldIssuesShown) return context.failed;
  return context.reason === 'after' ? `${context.failed} ${reason}` : reason;
}

/**
 * The login's texts of spec section 8. They stay here, beside errorText, since the login page loads
 * without the other contexts (error-contexts.ts) and the texts of their pages.
 */
export const loginErrorContext = {
  failed: de.login.genericError,
  network: (reason) => `${de.login.networkErrorPrefix}${reason}`,
  reason: 'instead',
  // Spec: a 401 says 'Benutzername oder Passwort ist falsch.', whatever the server wrote.
  byCode: { INVALID_CREDENTIALS: de.login.wrongCredentials, UNAUTHENTICATED: de.login.wrongCredentials },
} as const satisfies ErrorContext;

export interface FieldIssue {
  /** A form field path, e.g. 'roof.roofType'. */
  field: string;
  message: string;
}

/** The field messages of a refused request ({path: 'body/roof/roofType', message}), as form paths. */
export function fieldIssuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError)) return [];
  return error.issues
    .filter((issue) => issue.path.startsWith('body/'))
    .map((issue) => ({ field: issue.path.slice('body/'.length).split('/').filter(Boolean).join('.'), message: issue.message }))
    .filter((issue) => issue.field !== '');
}

interface FormAccess<T extends FieldValues> {
  setError: UseFormSetError<T>;
  getValues: UseFormGetValues<T>;
}

export interface FieldIssueOptions {
  /** Request paths the form names differently, e.g. { 'address.houseNumber': 'houseNumber' }. */
  rename?: Readonly<Record<string, string>>;
  /** The field a code concerns when the answer lists no issues, e.g. { CURRENT_PASSWORD_WRONG: 'currentPassword' }. */
  byCode?: Partial<Record<ErrorCode, string>>;
}

function codeFieldIssue(error: unknown, fields: FieldIssueOptions['byCode']): FieldIssue[] {
  const code = errorCodeOf(error);
  const field = code === undefined ? undefined : fields?.[code];
  if (code === undefined || field === undefined) return [];
  return [{ field, message: errorReason(error) ?? de.apiErrors[code] }];
}

/**
 * Shows a refused request's field messages beside the form's fields (react-hook-form's setError).
 * A path the form does not hold is skipped. Answers whether any message found its field.
 */
export function showFieldIssues<T extends FieldValues>(error: unknown, form: FormAccess<T>, options: FieldIssueOptions = {}): boolean {
  const listed = fieldIssuesOf(error);
  const issues = listed.length > 0 ? listed : codeFieldIssue(error, options.byCode);
  let shown = false;
  for (const { field, message } of issues) {
    // A path from the server is a field name only if the form holds a value under it.
    const name = (options.rename?.[field] ?? field) as FieldPath<T>;
    if (form.getValues(name) === undefined) continue;
    form.setError(name, { type: 'server', message });
    shown = true;
  }
  return shown;
}
