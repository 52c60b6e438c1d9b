import { z } from 'zod';
import { personNameSchema } from './people-schema';
import { questionnaireChangeSchema } from './questionnaire-change-schema';

/** Who made an entry of the change log and when: the username (or the name kept once the account is gone) and, while it exists, the person. */
const changeAuthorFields = {
  changedBy: z.string(),
  changedAt: z.string(),
  changedByPerson: personNameSchema.nullable().optional(),
};

/**
 * One entry of a project's change log ('Änderungsverlauf'), newest first: a questionnaire save (the
 * spec's shape, marked `kind: 'QUESTIONNAIRE'`), a new version of a plan, or a new pin on a plan.
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
]);
export type ProjectChange = z.infer<typeof projectChangeSchema>;
