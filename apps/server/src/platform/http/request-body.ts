import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import type { z } from 'zod';
import { validationFailed, type FieldIssue } from '../errors';

/**
 * A body that is not JSON at all. It is kept instead of refused at parse time, so that who may
 * act is decided first: a caller who may not touch a project learns 404, whatever the body says
 * (platform/access/route-access.ts refuses it right after).
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
