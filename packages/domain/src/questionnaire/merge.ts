import type { z } from 'zod';
import { generalSchema } from './general';
import { heatingSchema } from './heating';
import type { QuestionnaireStep } from './steps';
import { storeysPatchSchema } from './storeys';
import { windowsPatchSchema } from './windows';

/**
 * PUT bodies of the four steps: any subset of the step's questions. What is not sent stays as
 * stored; null clears an answer. An unknown field is refused, so a misspelling cannot wipe a step.
 */
export const questionnairePatchSchemas = {
  general: generalSchema.partial(),
  storeys: storeysPatchSchema,
  windows: windowsPatchSchema,
  heating: heatingSchema.partial(),
} as const satisfies Record<QuestionnaireStep, z.ZodType>;

export type StepPatch = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored answers of a step with a partial save laid over them. Nested answers (the roof) merge
 * field by field as well, so sending the roof type keeps the attic answer.
 */
export function mergeStepAnswers(stored: unknown, patch: StepPatch): Record<string, unknown> {
  const base = isPlainObject(stored) ? stored : {};
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const before = base[key];
    merged[key] = isPlainObject(value) && isPlainObject(before) ? { ...before, ...value } : value;
  }
  return merged;
}
