import { personNameOf, type PersonName, type PinStatus, type ProjectChange, type QuestionKey, type QuestionnaireChange, type QuestionnaireRecord, type QuestionnaireStep } from '@bauakte/domain';
import { sql, type ExpressionBuilder, type QueryCreator, type RawBuilder } from 'kysely';
import { isPostgresDb, type Db, type PageWindow } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { preparedQuery } from '../../platform/db/prepared-query';

/** Every step page asks this: built once (preparedQuery). */
const stepQuery = preparedQuery((db: Db, projectId: number, step: QuestionnaireStep) =>
  db.selectFrom('questionnaireAnswers').select(['answers', 'version']).where('projectId', '=', projectId).where('step', '=', step),
);

/** Every save, and 'Fragebogen fortsetzen', reads the whole record. */
const recordQuery = preparedQuery((db: Db, projectId: number) =>
  db.selectFrom('questionnaireAnswers').select(['step', 'answers', 'version', 'fieldVersions']).where('projectId', '=', projectId),
);

/** Who made a step's newest change, and when: a save that conflicts with it names them. */
const lastChangeQuery = preparedQuery((db: Db, projectId: number, step: QuestionnaireStep) =>
  db
    .selectFrom('questionnaireChanges')
    .leftJoin('users', 'users.username', 'questionnaireChanges.changedByName')
    .select(['changedByName', 'questionnaireChanges.changedAt', 'users.firstName', 'users.lastName'])
    .where('projectId', '=', projectId)
    .where('step', '=', step)
    .orderBy('questionnaireChanges.id', 'desc')
    .limit(1),
);

/** A page of the change log: an architect's every opening of a project asks it (built once). */
const changesQuery = preparedQuery((db: Db, projectId: number, limit: number, offset: number) =>
  db
    .selectFrom('questionnaireChanges')
    // changedByName holds the username at the time; the account may since be gone.
    .leftJoin('users', 'users.username', 'questionnaireChanges.changedByName')
    .select(['step', 'changedByName', 'questionnaireChanges.changedAt', 'changes', 'users.firstName', 'users.lastName'])
    .where('projectId', '=', projectId)
    .orderBy('questionnaireChanges.changedAt', 'desc')
    .orderBy('questionnaireChanges.id', 'desc')
    .limit(limit)
    .offset(offset),
);

/** Whose the change log's entry is: the person by their account, while it exists. */
const authorColumns = ['users.username as username', 'users.firstName as firstName', 'users.lastName as lastName'] as const;

const noText = sql<string | null>`cast(null as text)`;
const noNumber = sql<number | null>`cast(null as integer)`;

interface EntryDetails {
  step: RawBuilder<string | null>;
  changes: RawBuilder<string | null>;
  fileId: RawBuilder<number | null>;
  fileName: RawBuilder<string | null>;
  number: RawBuilder<number | null>;
  comment: RawBuilder<string | null>;
  fromStatus: RawBuilder<string | null>;
  toStatus: RawBuilder<string | null>;
  questionKey: RawBuilder<string | null>;
}

/**
 * The change log's detail columns, in the union's order: what a kind of entry has, the others as
 * typed nulls (PostgreSQL resolves a union's types from them).
 */
function details(own: Partial<EntryDetails>) {
  return [
    (own.step ?? noText).as('step'),
    (own.changes ?? noText).as('changes'),
    (own.fileId ?? noNumber).as('fileId'),
    (own.fileName ?? noText).as('fileName'),
    (own.number ?? noNumber).as('number'),
    (own.comment ?? noText).as('comment'),
    (own.fromStatus ?? noText).as('fromStatus'),
    (own.toStatus ?? noText).as('toStatus'),
    (own.questionKey ?? noText).as('questionKey'),
  ] as const;
}

/** Items' status changes, follow-ups raised and follow-ups answered: the change log's entries of the open items. */
function itemChangeEntries(qc: ExpressionBuilder<Database, never>, projectId: number) {
  return qc
    .selectFrom('planPinStatusChanges')
    .innerJoin('planPins', 'planPins.id', 'planPinStatusChanges.pinId')
    .innerJoin('projectFiles', 'projectFiles.id', 'planPins.fileId')
    .leftJoin('users', 'users.id', 'planPinStatusChanges.changedById')
    .select([
      sql<string>`'STATUS'`.as('kind'),
      'planPinStatusChanges.id as entryId',
      'planPinStatusChanges.changedAt as changedAt',
      'planPinStatusChanges.changedByName as changedBy',
      ...authorColumns,
      ...details({ fileId: sql<number | null>`plan_pins.file_id`, fileName: sql<string | null>`project_files.name`, number: sql<number | null>`plan_pins.number`, fromStatus: sql<string | null>`plan_pin_status_changes.from_status`, toStatus: sql<string | null>`plan_pin_status_changes.to_status` }),
    ])
    .where('planPins.projectId', '=', projectId)
    .unionAll(
      qc
        .selectFrom('questionFollowUps')
        .leftJoin('users', 'users.id', 'questionFollowUps.createdById')
        .select([
          sql<string>`'FOLLOW_UP'`.as('kind'),
          'questionFollowUps.id as entryId',
          'questionFollowUps.createdAt as changedAt',
          'questionFollowUps.createdByName as changedBy',
          ...authorColumns,
          ...details({ comment: sql<string | null>`question_follow_ups.note`, questionKey: sql<string | null>`question_follow_ups.question_key` }),
        ])
        .where('questionFollowUps.projectId', '=', projectId),
    )
    .unionAll(
      qc
        .selectFrom('questionFollowUps')
        .leftJoin('users', 'users.id', 'questionFollowUps.responsibleId')
        .select([
          sql<string>`'FOLLOW_UP_ANSWER'`.as('kind'),
          'questionFollowUps.id as entryId',
          sql<string>`question_follow_ups.answered_at`.as('changedAt'),
          sql<string>`question_follow_ups.answered_by_name`.as('changedBy'),
          ...authorColumns,
          ...details({ comment: sql<string | null>`question_follow_ups.answer`, questionKey: sql<string | null>`question_follow_ups.question_key` }),
        ])
        .where('questionFollowUps.projectId', '=', projectId)
        .where('questionFollowUps.answeredAt', 'is not', null),
    );
}

/**
 * A page of the project's change log: questionnaire saves, new versions of plans (a file with a
 * version above 1), new pins, items' status changes and follow-ups raised and answered, newest
 * first, in one statement so the pages hold together.
 */
const projectChangesQuery = preparedQuery((db: Db, projectId: number, limit: number, offset: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('questionnaireChanges')
        .leftJoin('users', 'users.username', 'questionnaireChanges.changedByName')
        .select([
          sql<string>`'QUESTIONNAIRE'`.as('kind'),
          'questionnaireChanges.id as entryId',
          'questionnaireChanges.changedAt as changedAt',
          'questionnaireChanges.changedByName as changedBy',
          ...authorColumns,
          ...details({ step: sql<string | null>`questionnaire_changes.step`, changes: sql<string | null>`questionnaire_changes.changes` }),
        ])
        .where('questionnaireChanges.projectId', '=', projectId)
        .unionAll(
          eb
            .selectFrom('projectFiles')
            .leftJoin('users', 'users.id', 'projectFiles.uploadedById')
            .select([
              sql<string>`'VERSION'`.as('kind'),
              'projectFiles.id as entryId',
              'projectFiles.uploadedAt as changedAt',
              'projectFiles.uploadedByName as changedBy',
              ...authorColumns,
              ...details({ fileId: sql<number | null>`project_files.id`, fileName: sql<string | null>`project_files.name`, number: sql<number | null>`project_files.version` }),
            ])
            .where('projectFiles.projectId', '=', projectId)
            .where('projectFiles.version', '>', 1),
        )
        .unionAll(
          eb
            .selectFrom('planPins')
            .innerJoin('projectFiles', 'projectFiles.id', 'planPins.fileId')
            .leftJoin('users', 'users.id', 'planPins.createdById')
            .select([
              sql<string>`'PIN'`.as('kind'),
              'planPins.id as entryId',
              'planPins.createdAt as changedAt',
              'planPins.createdByName as changedBy',
              ...authorColumns,
              ...details({ fileId: sql<number | null>`plan_pins.file_id`, fileName: sql<string | null>`project_files.name`, number: sql<number | null>`plan_pins.number`, comment: sql<string | null>`plan_pins.comment` }),
            ])
            .where('planPins.projectId', '=', projectId),
        )
        .unionAll(itemChangeEntries(eb, projectId))
        .as('log'),
    )
    .selectAll()
    .orderBy('changedAt', 'desc')
    .orderBy('kind')
    .orderBy('entryId', 'desc')
    .limit(limit)
    .offset(offset),
);

type ProjectChangeRow = Awaited<ReturnType<typeof projectChangesQuery.execute>>[number];

function toProjectChange(row: ProjectChangeRow): ProjectChange {
  const person = personNameOf(row.username, row.firstName, row.lastName);
  // Files and pins keep the name at the time; the username names the person while the account exists.
  const author = { changedBy: row.username ?? row.changedBy, changedAt: row.changedAt, changedByPerson: person };
  if (row.kind === 'VERSION') return { kind: 'VERSION', ...author, fileId: Number(row.fileId), fileName: row.fileName ?? '', version: Number(row.number) };
  if (row.kind === 'PIN') return { kind: 'PIN', ...author, fileId: Number(row.fileId), fileName: row.fileName ?? '', pinNumber: Number(row.number), comment: row.comment ?? '' };
  if (row.kind === 'STATUS') return { kind: 'STATUS', ...author, fileId: Number(row.fileId), fileName: row.fileName ?? '', pinNumber: Number(row.number), from: row.fromStatus as PinStatus, to: row.toStatus as PinStatus };
  if (row.kind === 'FOLLOW_UP' || row.kind === 'FOLLOW_UP_ANSWER') return { kind: row.kind, ...author, followUpId: Number(row.entryId), questionKey: row.questionKey as QuestionKey, text: row.comment ?? '' };
  return { kind: 'QUESTIONNAIRE', ...author, changedBy: row.changedBy, step: row.step as QuestionnaireStep, changes: JSON.parse(row.changes ?? '{}') };
}

const changeRow = (projectId: number, change: QuestionnaireChange) => ({
  projectId,
  step: change.step,
  changedByName: change.changedBy,
  changedAt: change.changedAt,
  changes: JSON.stringify(change.changes),
});

/** A step's version (0 before its first save) and the version at which each answer last changed. */
export interface StepVersion {
  version: number;
  /** Dotted answer path → version; an answer not named has not changed since version 0. */
  fieldVersions: Record<string, number>;
}

export const unsavedStep: StepVersion = { version: 0, fieldVersions: {} };

export function createQuestionnaireRepository(db: Db) {
  /** Every saved step's answers and version; a step never saved is missing from both. */
  const stored = async (projectId: number): Promise<{ record: QuestionnaireRecord; versions: Partial<Record<QuestionnaireStep, StepVersion>> }> => {
    const rows = await recordQuery.execute(db, projectId);
    return {
      record: Object.fromEntries(rows.map((row) => [row.step, JSON.parse(row.answers)])) as QuestionnaireRecord,
      versions: Object.fromEntries(rows.map((row) => [row.step, { version: row.version, fieldVersions: JSON.parse(row.fieldVersions) }])),
    };
  };

  return {
    stored,

    /** Every saved step of the project; a step never saved is missing. */
    record: async (projectId: number): Promise<QuestionnaireRecord> => (await stored(projectId)).record,

    /** One step's saved answers and version, or undefined when it was never saved. */
    step: async (projectId: number, step: QuestionnaireStep): Promise<{ answers: Record<string, unknown>; version: number } | undefined> => {
      const row = await stepQuery.executeTakeFirst(db, projectId, step);
      return row ? { answers: JSON.parse(row.answers) as Record<string, unknown>, version: row.version } : undefined;
    },

    /** Who made the step's newest change (by name while the account exists) and when. */
    lastChange: async (projectId: number, step: QuestionnaireStep): Promise<{ by: PersonName; at: string } | undefined> => {
      const row = await lastChangeQuery.executeTakeFirst(db, projectId, step);
      if (!row) return undefined;
      return { by: { username: row.changedByName, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }, at: row.changedAt };
    },

    /**
     * A save's writes inside its transaction: the step's answers, the change-log entry when the
     * answers changed, and the project's progress (a real change also marks the project on the
     * architects' 'Projekte mit Neuerungen'). On PostgreSQL one statement (the first two as
     * data-modifying CTEs) — the save holds the project's row for every round trip; on SQLite, in
     * process, three.
     */
    async writeSave(save: {
      projectId: number;
      step: QuestionnaireStep;
      answers: object;
      versions: StepVersion;
      at: string;
      byId: number;
      change?: QuestionnaireChange;
      progress: number;
    }): Promise<void> {
      const answers = JSON.stringify(save.answers);
      const version = save.versions.version;
      const fieldVersions = JSON.stringify(save.versions.fieldVersions);
      const progress = { progress: save.progress, updatedAt: save.at, ...(save.change ? { changedAt: save.at } : {}) };
      const upsert = (qc: QueryCreator<Database>) =>
        qc
          .insertInto('questionnaireAnswers')
          .values({ projectId: save.projectId, step: save.step, answers, version, fieldVersions, updatedAt: save.at, updatedById: save.byId })
          .onConflict((oc) => oc.columns(['projectId', 'step']).doUpdateSet({ answers, version, fieldVersions, updatedAt: save.at, updatedById: save.byId }));
      const change = save.change && changeRow(save.projectId, save.change);
      if (!isPostgresDb(db)) {
        await upsert(db).execute();
        if (change) await db.insertInto('questionnaireChanges').values(change).execute();
        await db.updateTable('projects').set(progress).where('id', '=', save.projectId).execute();
        return;
      }
      const withAnswers = db.with('saved', (qc) => upsert(qc).returning('projectId'));
      if (!change) {
        await withAnswers.updateTable('projects').set(progress).where('id', '=', save.projectId).execute();
        return;
      }
      await withAnswers
        .with('logged', (qc) => qc.insertInto('questionnaireChanges').values(change).returning('id'))
        .updateTable('projects')
        .set(progress)
        .where('id', '=', save.projectId)
        .execute();
    },

    /** A page of the change log, newest first. */
    changes: async (projectId: number, window: PageWindow): Promise<QuestionnaireChange[]> => {
      const rows = await changesQuery.execute(db, projectId, window.limit, window.offset);
      return rows.map((row) => ({
        step: row.step as QuestionnaireStep,
        changedBy: row.changedByName,
        changedAt: row.changedAt,
        changes: JSON.parse(row.changes),
        changedByPerson: row.firstName === null ? null : { username: row.changedByName, firstName: row.firstName, lastName: row.lastName ?? '' },
      }));
    },

    /** A page of the project's change log (questionnaire saves, new plan versions, new pins), newest first. */
    projectChanges: async (projectId: number, window: PageWindow): Promise<ProjectChange[]> =>
      (await projectChangesQuery.execute(db, projectId, window.limit, window.offset)).map(toProjectChange),
  };
}

export type QuestionnaireRepository = ReturnType<typeof createQuestionnaireRepository>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly questionnaire: QuestionnaireRepository;
  }
}
