import { z } from 'zod';
import { personNameSchema } from './people-schema';
import { pinStatuses } from './pin-items';
import { questionLabels, type QuestionKey } from './questionnaire/question-labels';
import { questionnaireChangeSchema } from './questionnaire-change-schema';

/** Who made an entry of the change log and when: the username (or the name kept once the account is gone) and, while it exists, the person. */
const changeAuthorFields = {
  changedBy: z.string(),
  changedAt: z.string(),
  changedByPerson: personNameSchema.nullable().optional(),
};

const questionKeys = Object.keys(questionLabels) as [QuestionKey, ...QuestionKey[]];

/**
 * One entry of a project's change log ('Änderungsverlauf'), newest first: a questionnaire save (the
 * spec's shape, marked `kind: 'QUESTIONNAIRE'`), a new version of a plan, a new pin on a plan, an
 * item's status changed, or a follow-up on an answer raised or answered.
 */
export const projectChangeSchema = z.discriminatedUnion('kind', [
  questionnaireChangeSchema.extend({ kind: z.literal('QUESTIONNAIRE') }),
  z.object({
    kind: z.literal('VERSION'),
    ...changeAuthorFields,
    fileId: z.number().int(),
    /** The version's title. */
    fileName: z.string(),
    version: z.number().int(),
  }),
  z.object({
    kind: z.literal('PIN'),
    ...changeAuthorFields,
    fileId: z.number().int(),
    /** The title of the version the pin lies on. */
    fileName: z.string(),
    pinNumber: z.number().int(),
    comment: z.string(),
  }),
  z.object({
    kind: z.literal('STATUS'),
    ...changeAuthorFields,
    fileId: z.number().int(),
    /** The title of the version the pin lies on. */
    fileName: z.string(),
    pinNumber: z.number().int(),
    from: z.enum(pinStatuses),
    to: z.enum(pinStatuses),
  }),
  z.object({
    /** A follow-up raised (the architect's note) or answered (the client's answer, which closed it). */
    kind: z.enum(['FOLLOW_UP', 'FOLLOW_UP_ANSWER']),
    ...changeAuthorFields,
    followUpId: z.number().int(),
    questionKey: z.enum(questionKeys),
    text: z.string(),
  }),
]);
export type ProjectChange = z.infer<typeof projectChangeSchema>;
