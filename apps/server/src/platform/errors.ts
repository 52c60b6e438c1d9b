import { serverMessages, type ErrorCode } from '@bauakte/domain';

/** An error whose status, code and German message are meant for the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
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
export const tooManyRequests = (message: string) => new AppError(429, 'TOO_MANY_ATTEMPTS', message);
