import { z } from 'zod';
import { fieldTexts } from './texts/form-texts';

/**
 * The largest id an integer column holds on PostgreSQL (32 bits); beyond it nothing can exist. Every
 * id a request names is bounded by it, so a larger one is refused before it reaches a query.
 */
export const maxId = 2_147_483_647;

/**
 * An id in a path, written the one canonical way ('12', never '012', '0x1', '1e0' or ' 1').
 * Anything else names nothing: it becomes null, which every lookup answers with 404.
 */
export function pathId(value: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= maxId ? id : null;
}

/** An id as the spec's clients send it in a body: a whole number or its canonical text; anything else is null. */
export function requestId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= maxId ? value : null;
  return typeof value === 'string' ? pathId(value) : null;
}

/** pathId as the routes' params schemas read it. */
export const pathIdSchema = z.string().transform(pathId);

/** An id in a body or form field (a number, or its text as the spec's client sends it); anything else is refused with `message`. */
export const requestIdSchema = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, context) => {
    const id = requestId(value);
    if (id !== null) return id;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** An id in a query string (a cursor such as before=<message id>), or none; `label` names it in the German refusal. */
export const queryIdSchema = (label: string) =>
  z
    .string({ error: fieldTexts.idInvalid(label) })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return undefined;
      const id = pathId(value);
      if (id !== null) return id;
      context.addIssue({ code: 'custom', message: fieldTexts.idInvalid(label) });
      return z.NEVER;
    });
