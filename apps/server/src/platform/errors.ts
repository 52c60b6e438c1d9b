import { serverMessages, type ErrorCode } from '@bauakte/domain';

export interface FieldIssue {
  /** Where in the request, e.g. 'body/currentPassword', as the validation answers name fields. */
  path: string;
  message: string;
}

/** An error whose status, code and German message are meant for the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Per-field messages, shown beside the fields of the form concerned. */
    readonly issues: FieldIssue[] = [],
    /** Extra answer headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
    /** Further fields of the answer's body, e.g. what a refused save conflicts with. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = serverMessages.badRequest) =>
  new AppError(400, 'BAD_REQUEST', message);
export const unauthenticated = (message: string = serverMessages.unauthenticated) =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: string = serverMessages.forbidden) =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = serverMessages.notFound) =>
  new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const invalidJson = () => new AppError(400, 'INVALID_JSON', serverMessages.invalidJson);

/** A refusal about one field of the body, so the form can show it beside that field. */
export const fieldError = (code: ErrorCode, field: string, message: string) =>
  new AppError(400, code, message, [{ path: `body/${field}`, message }]);

export const validationFailed = (issues: FieldIssue[]) =>
  new AppError(400, 'VALIDATION_FAILED', serverMessages.validationFailed, issues);

/** 429 with the seconds until the next attempt is allowed. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'TOO_MANY_ATTEMPTS', message, [], { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
