/** Stable machine-readable codes of every error answer; the German message may change, these do not. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'SESSION_REVOKED',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOKEN_INVALID',
  'USERNAME_UNAVAILABLE',
  'PASSWORD_TOO_WEAK',
  'CURRENT_PASSWORD_REQUIRED',
  'CURRENT_PASSWORD_WRONG',
  'MAIL_FAILED',
  'MAIL_QUEUE_FULL',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_FILE_EXTENSION',
  'LINK_EXPIRED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'QUESTIONNAIRE_CONFLICT',
  'EXPORT_BUSY',
  'EXPORT_ABORTED',
  'EXPORT_FAILED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * The one place that chooses an error answer's HTTP status: by its code. The server's AppError
 * looks its status up here, so a code never travels with two statuses; a new code needs its line.
 */
export const errorStatus: Readonly<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  // The session was ended (another device, a password change, a deleted account), not merely expired:
  // the web app then removes what the device keeps of the user, waiting changes included.
  SESSION_REVOKED: 401,
  INVALID_CREDENTIALS: 401,
  TOO_MANY_ATTEMPTS: 429,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOKEN_INVALID: 400,
  USERNAME_UNAVAILABLE: 400,
  PASSWORD_TOO_WEAK: 400,
  CURRENT_PASSWORD_REQUIRED: 400,
  CURRENT_PASSWORD_WRONG: 400,
  MAIL_FAILED: 502,
  MAIL_QUEUE_FULL: 503,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_FILE_EXTENSION: 400,
  LINK_EXPIRED: 403,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  QUESTIONNAIRE_CONFLICT: 409,
  EXPORT_BUSY: 503,
  // Stopped for its time or memory: worth another try later, unlike EXPORT_FAILED.
  EXPORT_ABORTED: 503,
  EXPORT_FAILED: 500,
};
