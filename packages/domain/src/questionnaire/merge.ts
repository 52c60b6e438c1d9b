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
