import type { QuestionnaireChange, QuestionnaireRecord, QuestionnaireStep } from '@bauakte/domain';
import type { Db, PageWindow } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';

/** Every project page asks this four times: built once (preparedQuery). */
const stepQuery = preparedQuery((db: Db, projectId: number, step: QuestionnaireStep) =>
  db.selectFrom('questionnaireAnswers').select('answers').where('projectId', '=', projectId).where('step', '=', step),
);

export function createQuestionnaireRepository(db: Db) {
  return {
    /** Every saved step of the project; a step never saved is missing. */
    record: async (projectId: number): Promise<QuestionnaireRecord> => {
      const rows = await db.selectFrom('questionnaireAnswers').select(['step', 'answers']).where('projectId', '=', projectId).execute();
      return Object.fromEntries(rows.map((row) => [row.step, JSON.parse(row.answers)])) as QuestionnaireRecord;
    },

    /** One step's saved answers, or undefined when it was never saved. */
    step: async (projectId: number, step: QuestionnaireStep): Promise<Record<string, unknown> | undefined> => {
      const row = await stepQuery.executeTakeFirst(db, projectId, step);
      return row ? (JSON.parse(row.answers) as Record<string, unknown>) : undefined;
    },

    save: (projectId: number, step: QuestionnaireStep, answers: object, updatedAt: string, updatedById: number) =>
      db
        .insertInto('questionnaireAnswers')
        .values({ projectId, step, answers: JSON.stringify(answers), updatedAt, updatedById })
        .onConflict((oc) => oc.columns(['projectId', 'step']).doUpdateSet({ answers: JSON.stringify(answers), updatedAt, updatedById }))
        .execute(),

    addChange: (projectId: number, change: QuestionnaireChange) =>
      db
        .insertInto('questionnaireChanges')
        .values({
          projectId,
          step: change.step,
          changedByName: change.changedBy,
          changedAt: change.changedAt,
          changes: JSON.stringify(change.changes),
        })
        .execute(),

    /** A page of the change log, newest first. */
    changes: async (projectId: number, window: PageWindow): Promise<QuestionnaireChange[]> => {
      const rows = await db
        .selectFrom('questionnaireChanges')
        // changedByName holds the username at the time; the account may since be gone.
        .leftJoin('users', 'users.username', 'questionnaireChanges.changedByName')
        .select(['step', 'changedByName', 'questionnaireChanges.changedAt', 'changes', 'users.firstName', 'users.lastName'])
        .where('projectId', '=', projectId)
        .orderBy('questionnaireChanges.changedAt', 'desc')
        .orderBy('questionnaireChanges.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
      return rows.map((row) => ({
        step: row.step as QuestionnaireStep,
        changedBy: row.changedByName,
        changedAt: row.changedAt,
        changes: JSON.parse(row.changes),
        changedByPerson: row.firstName === null ? null : { username: row.changedByName, firstName: row.firstName, lastName: row.lastName ?? '' },
      }));
    },
  };
}

export type QuestionnaireRepository = ReturnType<typeof createQuestionnaireRepository>;
