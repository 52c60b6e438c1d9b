import { z } from 'zod';
import { questionnaireSteps } from './questionnaire/steps';
import { personNameSchema } from './people-schema';

/** One field a save changed: dotted path (e.g. "roof.roofType") → old and new value. */
export const fieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

/** A save of one step: who changed what and when (for the export and the architect's view). */
export const questionnaireChangeSchema = z.object({
  step: z.enum(questionnaireSteps),
  changedBy: z.string(),
  changedAt: z.string(),
  changes: z.record(z.string(), fieldChangeSchema),
  /** Not in the spec: who changedBy names, by name, while the account exists. */
  changedByPerson: personNameSchema.nullable().optional(),
});
export type QuestionnaireChange = z.infer<typeof questionnaireChangeSchema>;

/**
 * The 409 answer to a save based on an older version of a step, when someone else changed some of
 * the same answers meanwhile: the step as it is now, and which answers both changed.
 */
export const questionnaireConflictSchema = z.object({
  message: z.string(),
  code: z.literal('QUESTIONNAIRE_CONFLICT'),
  /** The step's stored answers now. */
  answers: z.record(z.string(), z.unknown()),
  /** Their version, to send in If-Match with the next save (also the answer's ETag header). */
  version: z.number().int().nonnegative(),
  /** Who saved the step last, and when (ISO time). */
  savedBy: personNameSchema,
  savedAt: z.string(),
  /** Dotted paths of the answers both changed ('constructionYear', 'roof.roofType'). */
  fields: z.array(z.string()),
});
export type QuestionnaireConflict = z.infer<typeof questionnaireConflictSchema>;
