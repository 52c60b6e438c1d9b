import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { NoResultError } from 'kysely';
import { serverMessages, type ApiErrorBody, type ErrorCode } from '@bauakte/domain';
import { AppError } from '../errors';
import { isDatabaseUnavailable } from '../db/errors';

interface Mapped {
  status: number;
  body: ApiErrorBody;
  headers?: Record<string, string>;
}

const byStatus: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'BAD_REQUEST', message: serverMessages.badRequest },
  401: { code: 'UNAUTHENTICATED', message: serverMessages.unauthenticated },
  403: { code: 'FORBIDDEN', message: serverMessages.forbidden },
  404: { code: 'NOT_FOUND', message: serverMessages.notFound },
  413: { code: 'PAYLOAD_TOO_LARGE', message: serverMessages.payloadTooLarge },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: serverMessages.unsupportedMediaType },
  429: { code: 'TOO_MANY_ATTEMPTS', message: serverMessages.tooManyAttempts },
  503: { code: 'SERVICE_UNAVAILABLE', message: serverMessages.serviceUnavailable },
};

/** Turns any thrown error into the `{message, code}` answer (docs/features.md, API conventions); never leaks internals. */
export function mapError(error: FastifyError | Error, requestId: string): Mapped {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { ...error.details, message: error.message, code: error.code };
    if (error.issues.length > 0) body.issues = error.issues;
    return { status: error.statusCode, body, headers: error.headers };
  }
  // An object allowed a moment ago was deleted by a concurrent request before it could be read.
  if (error instanceof NoResultError) {
    return { status: 404, body: { message: serverMessages.notFound, code: 'NOT_FOUND' } };
  }
  // PostgreSQL restarting or failing over: this request lost its connection, the next gets a new one.
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { message: serverMessages.databaseUnavailable, code: 'SERVICE_UNAVAILABLE', requestId } };
  }
  const fastifyError = error as FastifyError;
  // A path that names nothing (an unknown dashboard, say) is not found, whoever asks.
  if (hasZodFastifySchemaValidationErrors(fastifyError) && fastifyError.validationContext === 'params') {
    return { status: 404, body: { message: serverMessages.notFound, code: 'NOT_FOUND' } };
  }
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const issues = fastifyError.validation.map((v) => ({
      path: `${fastifyError.validationContext ?? ''}${v.instancePath}`.replace(/\/$/, ''),
      message: v.message ?? serverMessages.validationFailed,
    }));
    return { status: 400, body: { message: serverMessages.validationFailed, code: 'VALIDATION_FAILED', issues } };
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return { status: 400, body: { message: serverMessages.invalidJson, code: 'INVALID_JSON' } };
  }
  if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, body: { message: serverMessages.invalidJson, code: 'INVALID_JSON' } };
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const known = byStatus[status] ?? byStatus[400]!;
    return { status, body: { message: known.message, code: known.code } };
  }
  if (status === 503) {
    return { status, body: { ...byStatus[503]!, requestId } };
  }
  return { status: 500, body: { message: serverMessages.internalError, code: 'INTERNAL_ERROR', requestId } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = mapError(error, request.id);
    if (isDatabaseUnavailable(error)) {
      // Expected while the database restarts: one line per request, without the stack.
      request.log.warn({ reason: (error as { code?: unknown }).code ?? error.message }, 'request failed: database unavailable');
    } else if (mapped.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: mapped.body.code, status: mapped.status }, 'request refused');
    }
    return reply.status(mapped.status).headers(mapped.headers ?? {}).send(mapped.body);
  });
}
