import { z } from 'zod';
import { multiLineText, requestObject } from './fields';
import { maxId, pathIdSchema } from './ids';
import { personNameSchema } from './people-schema';
import { pinStatuses } from './pin-items';
import { questionLabels, type QuestionKey } from './questionnaire/question-labels';
import { questionnaireSteps } from './questionnaire/steps';
import { fieldTexts } from './texts/form-texts';

/**
 * The architect's follow-up on an answer ('Rückfrage'): an open item anchored on a question of the
 * questionnaire instead of a spot on a plan. The client sees it on the step and on the dashboard,
 * answers it, and the answer closes it ('Erledigt').
 */
export const followUpTextMaxLength = 2000;

const questionKeys = Object.keys(questionLabels) as [QuestionKey, ...QuestionKey[]];
const followUpText = (required: string) => multiLineText(followUpTextMaxLength).refine((text) => text.trim().length > 0, required);

/** POST /api/questionnaire/{projectId}/follow-ups: an architect asks about one answer. */
export const createFollowUpRequestSchema = requestObject({
  questionKey: z.enum(questionKeys, { error: fieldTexts.followUpQuestion }),
  note: followUpText(fieldTexts.followUpNoteRequired),
});
export type CreateFollowUpRequest = z.input<typeof createFollowUpRequestSchema>;

/** POST /api/questionnaire/{projectId}/follow-ups/{followUpId}/answer: the client answers, which closes it. */
export const answerFollowUpRequestSchema = requestObject({
  text: followUpText(fieldTexts.pinReplyRequired),
  /** The follow-up's version the answer was written to: a follow-up changed meanwhile is answered 409. */
  version: z.number({ error: fieldTexts.pinVersion }).int(fieldTexts.pinVersion).positive(fieldTexts.pinVersion).max(maxId, fieldTexts.pinVersion),
});
export type AnswerFollowUpRequest = z.input<typeof answerFollowUpRequestSchema>;

export const followUpIdParamsSchema = z.object({ projectId: pathIdSchema, followUpId: pathIdSchema });

/** A follow-up as both sides see it; in the list 'Offene Punkte' an item anchored on a question. */
export const followUpSchema = z.object({
  /** Where the item lies: a question of the questionnaire. */
  anchor: z.literal('QUESTION'),
  id: z.number(),
  questionKey: z.enum(questionKeys),
  /** The step the question is on. */
  step: z.enum(questionnaireSteps),
  /** The question as the form asks it: 'Baujahr der Fenster'. */
  question: z.string(),
  /** The architect's note. */
  comment: z.string(),
  status: z.enum(pinStatuses),
  kind: z.literal('RUECKFRAGE'),
  /** The client, who is to answer; null once the account is gone. */
  responsible: personNameSchema.nullable(),
  dueDate: z.null(),
  author: personNameSchema.nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  /** The client's answer, with who wrote it (as the name was then) and when; null while open. */
  answer: z.string().nullable(),
  answeredByName: z.string().nullable(),
  answeredAt: z.string().nullable(),
  version: z.number(),
});
export type FollowUp = z.infer<typeof followUpSchema>;
