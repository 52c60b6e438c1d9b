import { generalSchema } from './general';
import { heatingSchema } from './heating';
import type { QuestionnaireStep } from './steps';
import { storeysSchema } from './storeys';
import { windowsResponseSchema, windowsSchema } from './windows';
import type { z } from 'zod';

export * from './general';
export * from './heating';
export * from './answer-sheet';
export * from './conditions';
export * from './question-labels';
export * from './labels';
export * from './merge';
export * from './progress';
export * from './steps';
export * from './project-status';
export * from './required-questions';
export * from './storeys';
export * from './storey-counts';
export * from './windows';
export { currentYearInAustria, questionnaireLimits } from './rules';

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
