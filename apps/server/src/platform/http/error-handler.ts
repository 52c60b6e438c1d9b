import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { NoResultError } from 'kysely';
import { serverMessages, type ApiErrorBody, type ErrorCode } from '@bauakte/domain';
import { AppError, answerOf, invalidJson, notFound, validationFailed } from '../errors';
import { isDatabaseUnavailable } from '../db/errors';

interface Mapped {
  status: number;
  body: ApiErrorBody;
  headers?: Record<string, string>;
}

/**
 * What the status of an error from Fastify or a plugin (not ours) means. A 4xx status not listed
 * keeps its status and answers BAD_REQUEST: the plugin chose it, not this server.
 */
const codeOfForeignStatus: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'BAD_REQUEST', message: serverMessages.badRequest },
  401: { code: 'UNAUTHENTICATED', message: serverMessages.unauthenticated },
  403: { code: 'FORBIDDEN', message: serverMessages.forbidden },
  404: { code: 'NOT_FOUND', message: serverMessages.notFound },
  413: { code: 'PAYLOAD_TOO_LARGE', message: serverMessages.payloadTooLarge },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: serverMessages.unsupportedMediaType },
  429: { code: 'TOO_MANY_ATTEMPTS', message: serverMessages.tooManyAttempts },
};

/** The answer of an error the server chose; a 5xx carries the request id to find its log line. */
function mapped(error: AppError, requestId?: string): Mapped {
  const { status, headers, body } = answerOf(error);
  return { status, headers, body: requestId === undefined ? body : { ...body, requestId } };
}

/** What an error thrown by anything but this server says to the client; null when it is a fault. */
function foreignRefusal(fastifyError: FastifyError): AppError | null {
  // A path that names nothing (an unknown dashboard, say) is not found, whoever asks.
  if (hasZodFastifySchemaValidationErrors(fastifyError) && fastifyError.validationContext === 'params') return notFound();
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    return validationFailed(
      fastifyError.validation.map((v) => ({
        path: `${fastifyError.validationContext ?? ''}${v.instancePath}`.replace(/\/$/, ''),
        message: v.message ?? serverMessages.validationFailed,
      })),
    );
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fastifyError instanceof SyntaxError) {
    return invalidJson();
  }
  return null;
}

/** Turns any thrown error into the `{message, code}` answer (docs/features.md, API conventions); never leaks internals. */
export function mapError(error: FastifyError | Error, requestId: string): Mapped {
  if (error instanceof AppError) return mapped(error);
  // An object allowed a moment ago was deleted by a concurrent request before it could be read.
  if (error instanceof NoResultError) return mapped(notFound());
  // PostgreSQL restarting or failing over: this request lost its connection, the next gets a new one.
  if (isDatabaseUnavailable(error)) return mapped(new AppError('SERVICE_UNAVAILABLE', serverMessages.databaseUnavailable), requestId);
  const fastifyError = error as FastifyError;
  const refusal = foreignRefusal(fastifyError);
  if (refusal) return mapped(refusal);
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const known = codeOfForeignStatus[status] ?? codeOfForeignStatus[400]!;
    return { status, body: { message: known.message, code: known.code } };
  }
  if (status === 503) return mapped(new AppError('SERVICE_UNAVAILABLE', serverMessages.serviceUnavailable), requestId);
  return mapped(new AppError('INTERNAL_ERROR', serverMessages.internalError), requestId);
}

/** Sends an error answer outside the error handler (a not-found handler, say), as the handler would. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const { status, headers, body } = answerOf(error);
  return reply.status(status).headers(headers).send(body);
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
