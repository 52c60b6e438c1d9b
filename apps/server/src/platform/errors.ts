import { errorStatus, serverMessages, type ApiErrorBody, type ErrorCode } from '@bauakte/domain';

export interface FieldIssue {
  /** Where in the request, e.g. 'body/currentPassword', as the validation answers name fields. */
  path: string;
  message: string;
}

export interface AppErrorExtras {
  /** Per-field messages, shown beside the fields of the form concerned. */
  issues?: FieldIssue[];
  /** Extra answer headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  /** Further fields of the answer's body, e.g. what a refused save conflicts with. */
  details?: Record<string, unknown>;
}

/**
 * An error whose code and German message are meant for the client. Its status is the code's
 * (the domain's errorStatus): no throw site chooses one.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly issues: FieldIssue[];
  readonly headers: Record<string, string>;
  readonly details: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    extras: AppErrorExtras = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
    this.issues = extras.issues ?? [];
    this.headers = extras.headers ?? {};
    this.details = extras.details ?? {};
  }
}

/** The answer to an AppError, the same over REST and the live channel: its status, headers and body. */
export function answerOf(error: AppError): { status: number; headers: Record<string, string>; body: ApiErrorBody } {
  const body: ApiErrorBody = { ...error.details, message: error.message, code: error.code };
  if (error.issues.length > 0) body.issues = error.issues;
  return { status: error.statusCode, headers: error.headers, body };
}

export const badRequest = (message: string = serverMessages.badRequest) => new AppError('BAD_REQUEST', message);
export const unauthenticated = (message: string = serverMessages.unauthenticated) => new AppError('UNAUTHENTICATED', message);
export const sessionRevoked = () => new AppError('SESSION_REVOKED', serverMessages.sessionRevoked);
export const forbidden = (message: string = serverMessages.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = serverMessages.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const invalidJson = () => new AppError('INVALID_JSON', serverMessages.invalidJson);

/** A refusal about one field of the body, so the form can show it beside that field. */
export const fieldError = (code: ErrorCode, field: string, message: string) => new AppError(code, message, { issues: [{ path: `body/${field}`, message }] });

export const validationFailed = (issues: FieldIssue[]) => new AppError('VALIDATION_FAILED', serverMessages.validationFailed, { issues });

/** 429 with the seconds until the next attempt is allowed. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('TOO_MANY_ATTEMPTS', message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
