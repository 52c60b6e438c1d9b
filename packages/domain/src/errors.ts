import { z } from 'zod';

/** Stable machine-readable codes of every error answer; the German message may change, these do not. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHENTICATED',
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
  'EXPORT_FAILED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
