import { generalSchema } from './general';
import { heatingSchema } from './heating';
import type { QuestionnaireStep } from './steps';
import { storeysSchema } from './storeys';
import { windowsResponseSchema, windowsSchema } from './windows';
import type { z } from 'zod';


/** PUT body schema per step; `as const` keeps each step's precise schema type for callers. */
export const questionnaireSchemas = {
  general: generalSchema,
  storeys: storeysSchema,
  windows: windowsSchema,
  heating: heatingSchema,
} as const satisfies Record<QuestionnaireStep, z.ZodType>;

/** GET answer schema per step: like the PUT bodies, but a never-saved step (`{}`) always parses. */
export const questionnaireResponseSchemas = {
  ...questionnaireSchemas,
  windows: windowsResponseSchema,
} as const satisfies Record<QuestionnaireStep, z.ZodType>;

export type QuestionnaireAnswers = { [S in QuestionnaireStep]: z.output<(typeof questionnaireSchemas)[S]> };
