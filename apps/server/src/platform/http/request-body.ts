import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import type { z } from 'zod';
import { pathIdSchema } from '@bauakte/domain';
import { invalidJson, validationFailed, type FieldIssue } from '../errors';

/**
 * A body that is not JSON at all. It is kept instead of refused at parse time, so that who may
 * act is decided first: a caller who may not touch a project learns 404, whatever the body says.
 */
export class UnreadableBody {
  readonly unreadable = true;
}

/** JSON text as Fastify parses it (with its prototype-poisoning guard); empty or broken text is an UnreadableBody. */
export function readJson(text: string): unknown {
  if (text.trim() === '') return new UnreadableBody();
  try {
    return secureJsonParse.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return new UnreadableBody();
  }
}

/** JSON bodies as Fastify parses them, but without refusing early. */
export function registerJsonBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, readJson(typeof body === 'string' ? body : body.toString('utf8')));
  });
  // Routes that validate in Fastify's own step (their access is decided before, in onRequest) refuse here.
  app.addHook('preValidation', (request, _reply, done) => {
    done(request.body instanceof UnreadableBody && !request.routeOptions.attachValidation ? invalidJson() : undefined);
  });
}

/**
 * The validated body of a route registered with `attachValidation: true`, whose handler asks the
 * access policy first and only then calls this: the order is what makes 'authorize, then validate'.
 */
export function validBody<Body>(request: FastifyRequest & { body: Body }): Body {
  if (request.body instanceof UnreadableBody) throw invalidJson();
  if (request.validationError) throw request.validationError;
  return request.body;
}

/** Issues of a zod parse in the answer's form: 'body/roof/roofType'. */
export function bodyIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('/'), message: issue.message }));
}

/** Parses with a schema inside a service (e.g. answers merged with stored ones); 400 with field issues. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(bodyIssues(result.error));
  return result.data;
}

/**
 * A field of the body that names the object acted on (a username, a project id), read before the
 * body is validated so that access is decided first. Anything unusable reads as undefined.
 */
export function addressingField(request: FastifyRequest, field: string): unknown {
  const body: unknown = request.body;
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body) && !(body instanceof UnreadableBody);
  return isObject ? (body as Record<string, unknown>)[field] : undefined;
}

/** An id the body names (a number or its text, as the spec's clients send either); anything else names nothing. */
export function addressingId(request: FastifyRequest, field: string): number | null {
  const value = addressingField(request, field);
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
  return typeof value === 'string' ? pathIdSchema.parse(value) : null;
}

/**
 * Like addressingId for a field the body must have: a body that names no object has nothing to
 * decide access on, so it is judged at once (400); a well-formed id that names nothing stays null (404).
 */
export function requiredAddressingId(request: FastifyRequest, field: string): number | null {
  const id = addressingId(request, field);
  if (id === null) validBody(request);
  return id;
}

/**
 * Like addressingField for a required text. A body that names nothing has nothing to decide access
 * on: it is simply invalid (400).
 */
export function addressingText(request: FastifyRequest, field: string): string {
  const value = addressingField(request, field);
  if (typeof value === 'string') return value;
  validBody(request);
  throw validationFailed([{ path: `body/${field}`, message: 'Required' }]);
}
