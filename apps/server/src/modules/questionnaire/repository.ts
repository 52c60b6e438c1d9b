import type { QuestionnaireChange, QuestionnaireRecord, QuestionnaireStep } from '@bauakte/domain';
import { inTransaction, isPostgresDb, type Db, type PageWindow } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';

/** Every step page asks this: built once (preparedQuery). */
const stepQuery = preparedQuery((db: Db, projectId: number, step: QuestionnaireStep) =>
  db.selectFrom('questionnaireAnswers').select('answers').where('projectId', '=', projectId).where('step', '=', step),
);

/** Every save, and 'Fragebogen fortsetzen', reads the whole record. */
const recordQuery = preparedQuery((db: Db, projectId: number) =>
  db.selectFrom('questionnaireAnswers').select(['step', 'answers']).where('projectId', '=', projectId),
);

const changeRow = (projectId: number, change: QuestionnaireChange) => ({
  projectId,
  step: change.step,
  changedByName: change.changedBy,
  changedAt: change.changedAt,
  changes: JSON.stringify(change.changes),
});

/** Every save reads the whole record, and the count it was read at. */
const recordForSaveQuery = preparedQuery((db: Db, projectId: number) =>
  db
    .selectFrom('projects')
    .leftJoin('questionnaireAnswers', 'questionnaireAnswers.projectId', 'projects.id')
    .select(['projects.answersVersion', 'questionnaireAnswers.step', 'questionnaireAnswers.answers'])
    .where('projects.id', '=', projectId),
);

/** What a save writes: the step's answers, its change-log entry (when they changed) and the progress. */
export interface SaveWrite {
  projectId: number;
  step: QuestionnaireStep;
  answers: object;
  at: string;
  byId: number;
  change?: QuestionnaireChange;
  progress: number;
}

/** A real change also marks the project on the architects' 'Projekte mit Neuerungen'. */
const progressColumns = (save: SaveWrite) => ({ progress: save.progress, updatedAt: save.at, ...(save.change ? { changedAt: save.at } : {}) });

/** SQLite, in process: three statements in the caller's transaction. */
async function writeOnSqlite(db: Db, save: SaveWrite): Promise<void> {
  const answers = JSON.stringify(save.answers);
  await db
    .insertInto('questionnaireAnswers')
    .values({ projectId: save.projectId, step: save.step, answers, updatedAt: save.at, updatedById: save.byId })
    .onConflict((oc) => oc.columns(['projectId', 'step']).doUpdateSet({ answers, updatedAt: save.at, updatedById: save.byId }))
    .execute();
  if (save.change) await db.insertInto('questionnaireChanges').values(changeRow(save.projectId, save.change)).execute();
  await db
    .updateTable('projects')
    .set((eb) => ({ ...progressColumns(save), answersVersion: eb('answersVersion', '+', 1) }))
    .where('id', '=', save.projectId)
    .execute();
}

/**
 * PostgreSQL, one statement: the project's update (on condition of the count, when one is given)
 * and, from the row it returns, the answers and the change as data-modifying CTEs. Answers the
 * project's id when it wrote, nothing when the count had moved on.
 */
function conditionalWrite(db: Db, save: SaveWrite, version: number | undefined) {
  const answers = JSON.stringify(save.answers);
  const withUpdate = db.with('bumped', (qc) => {
    const update = qc
      .updateTable('projects')
      .set((eb) => ({ ...progressColumns(save), answersVersion: eb('answersVersion', '+', 1) }))
      .where('id', '=', save.projectId);
    return (version === undefined ? update : update.where('answersVersion', '=', version)).returning('id');
  });
  const withAnswers = withUpdate.with('saved', (qc) =>
    qc
      .insertInto('questionnaireAnswers')
      .columns(['projectId', 'step', 'answers', 'updatedAt', 'updatedById'])
      .expression((eb) =>
        eb
          .selectFrom('bumped')
          .select((inner) => [
            'bumped.id',
            inner.val(save.step).as('step'),
            inner.val(answers).as('answers'),
            inner.val(save.at).as('updatedAt'),
            inner.cast<number>(inner.val(save.byId), 'integer').as('updatedById'),
          ]),
      )
      .onConflict((oc) => oc.columns(['projectId', 'step']).doUpdateSet({ answers, updatedAt: save.at, updatedById: save.byId }))
      .returning('projectId'),
  );
  const change = save.change && changeRow(save.projectId, save.change);
  if (!change) return withAnswers.selectFrom('bumped').select('bumped.id');
  return withAnswers
    .with('logged', (qc) =>
      qc
        .insertInto('questionnaireChanges')
        .columns(['projectId', 'step', 'changedByName', 'changedAt', 'changes'])
        .expression((eb) =>
          eb
            .selectFrom('bumped')
            .select((inner) => ['bumped.id', inner.val(change.step).as('step'), inner.val(change.changedByName).as('changedByName'), inner.val(change.changedAt).as('changedAt'), inner.val(change.changes).as('changes')]),
        )
        .returning('id'),
    )
    .selectFrom('bumped')
    .select('bumped.id');
}

export function createQuestionnaireRepository(db: Db) {
  return {
    /** Every saved step of the project; a step never saved is missing. */
    record: async (projectId: number): Promise<QuestionnaireRecord> => {
      const rows = await recordQuery.execute(db, projectId);
      return Object.fromEntries(rows.map((row) => [row.step, JSON.parse(row.answers)])) as QuestionnaireRecord;
    },

    /** One step's saved answers, or undefined when it was never saved. */
    step: async (projectId: number, step: QuestionnaireStep): Promise<Record<string, unknown> | undefined> => {
      const row = await stepQuery.executeTakeFirst(db, projectId, step);
      return row ? (JSON.parse(row.answers) as Record<string, unknown>) : undefined;
    },

    /** Every saved step with the project's count of saves (its version); undefined when the project is gone. */
    recordForSave: async (projectId: number): Promise<{ record: QuestionnaireRecord; version: number } | undefined> => {
      const rows = await recordForSaveQuery.execute(db, projectId);
      if (rows.length === 0) return undefined;
      const saved = rows.flatMap((row) => (row.step === null || row.answers === null ? [] : [[row.step, JSON.parse(row.answers)] as const]));
      return { record: Object.fromEntries(saved) as QuestionnaireRecord, version: rows[0]!.answersVersion };
    },

    /**
     * A save's writes inside the transaction that holds the project's row (projects.lock): the step's
     * answers, the change-log entry when the answers changed, and the project's progress and count
     * of saves.
     */
    async writeSave(save: SaveWrite): Promise<void> {
      if (!isPostgresDb(db)) {
        await writeOnSqlite(db, save);
        return;
      }
      await conditionalWrite(db, save, undefined).execute();
    },

    /**
     * The same writes, made only if no other save came since the answers were read at `version`:
     * on PostgreSQL one statement without a transaction around it — the answers and the change
     * are written from the project's update, which matches nothing once the count has moved on
     * (PostgreSQL checks the condition again on the row as another save left it). Nothing holds
     * the project's row across round trips, as the transaction did for five. False when another
     * save came first.
     */
    async writeSaveIfUnchanged(save: SaveWrite, version: number): Promise<boolean> {
      if (!isPostgresDb(db)) {
        return inTransaction(db, async (trx) => {
          const current = await trx.selectFrom('projects').select('answersVersion').where('id', '=', save.projectId).executeTakeFirst();
          if (current?.answersVersion !== version) return false;
          await writeOnSqlite(trx, save);
          return true;
        });
      }
      return (await conditionalWrite(db, save, version).execute()).length === 1;
    },

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
