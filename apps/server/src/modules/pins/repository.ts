import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool } from 'kysely';
import type { OpenItemStatusFilter, PinKind, PinStatus } from '@bauakte/domain';
import type { Db, PageWindow } from '../../platform/db/database';
import type { Database, PlanPinsTable, PlanPinStatusChangesTable } from '../../platform/db/schema';

/** A pin with its author's and its responsible person's names as the accounts have them now (null once an account is gone). */
const pinsOf = (db: Db) =>
  db
    .selectFrom('planPins')
    .leftJoin('users', 'users.id', 'planPins.createdById')
    .leftJoin('users as responsible', 'responsible.id', 'planPins.responsibleId')
    .select([
      'planPins.id',
      'planPins.projectId',
      'planPins.fileId',
      'planPins.page',
      'planPins.x',
      'planPins.y',
      'planPins.number',
      'planPins.comment',
      'planPins.createdById',
      'planPins.createdByName',
      'planPins.createdAt',
      'planPins.updatedAt',
      'planPins.version',
      'planPins.status',
      'planPins.kind',
      'planPins.responsibleId',
      'planPins.dueDate',
      'planPins.carriedFromPinId',
      'users.username',
      'users.firstName',
      'users.lastName',
      'responsible.username as responsibleUsername',
      'responsible.firstName as responsibleFirstName',
      'responsible.lastName as responsibleLastName',
    ]);

export type NewPin = Omit<Insertable<PlanPinsTable>, 'id' | 'number' | 'version'>;

/** A pin carried over to a newer version of its plan lives on there: the older one leaves the lists of items to do. */
const notCarriedOn = sql<boolean>`not exists (select 1 from ${sql.table('planPins')} as carried where ${sql.ref('carried.carriedFromPinId')} = ${sql.ref('planPins.id')})`;
export type PinChange = Pick<PlanPinsTable, 'x' | 'y' | 'comment' | 'updatedAt'>;
export type PinItemChange = Pick<PlanPinsTable, 'responsibleId' | 'dueDate' | 'updatedAt'> & { kind: PinKind };
export type NewStatusChange = Omit<Insertable<PlanPinStatusChangesTable>, 'id'>;

/** The list's filters, checked; overdueBefore is today, the day 'überfällig' is measured against. */
export interface OpenItemFilter {
  status?: OpenItemStatusFilter;
  responsibleId?: number;
  kind?: PinKind;
  planId?: number;
  overdueBefore?: string;
  dueUntil?: string;
}

/** The filter of the project's list 'Offene Punkte' as conditions on its pins (and their files). */
function openItemConditions(eb: ExpressionBuilder<Database, 'planPins' | 'projectFiles'>, projectId: number, filter: OpenItemFilter): Expression<SqlBool>[] {
  const all: Expression<SqlBool>[] = [eb('planPins.projectId', '=', projectId)];
  if (filter.status === 'UNERLEDIGT' || filter.overdueBefore !== undefined) all.push(eb('planPins.status', '!=', 'ERLEDIGT'));
  if (filter.status && filter.status !== 'UNERLEDIGT') all.push(eb('planPins.status', '=', filter.status));
  if (filter.responsibleId !== undefined) all.push(eb('planPins.responsibleId', '=', filter.responsibleId));
  if (filter.kind) all.push(eb('planPins.kind', '=', filter.kind));
  if (filter.planId !== undefined) all.push(eb('projectFiles.planId', '=', filter.planId));
  if (filter.overdueBefore !== undefined) all.push(eb('planPins.dueDate', '<', filter.overdueBefore));
  if (filter.dueUntil !== undefined) all.push(eb('planPins.dueDate', '<=', filter.dueUntil));
  all.push(notCarriedOn);
  return all;
}

/** A project's people: its client, and the architects who may see it (its creator and whoever shares a team with the creator). */
function peopleOf(db: Db, clientId: number | null, creatorId: number | null) {
  const teamOfCreator = db
    .selectFrom('teamMembers as mine')
    .innerJoin('teamMembers as theirs', 'theirs.teamId', 'mine.teamId')
    .select('theirs.userId')
    .where('mine.userId', '=', creatorId ?? 0);
  return db.selectFrom('users').where((eb) =>
    eb.or([
      eb.and([eb('role', '=', 'CLIENT'), eb('id', '=', clientId ?? 0)]),
      eb.and([eb('role', '=', 'ARCHI'), eb.or([eb('id', '=', creatorId ?? 0), eb('id', 'in', teamOfCreator)])]),
    ]),
  );
}

export function createPinRepository(db: Db) {
  return {
    /** A file's pins in the order they were placed. */
    listOfFile: (fileId: number) => pinsOf(db).where('planPins.fileId', '=', fileId).orderBy('planPins.number').execute(),

    /** Every pin of a project's files, by file and number (the export). */
    listOfProject: (projectId: number) => pinsOf(db).where('planPins.projectId', '=', projectId).orderBy('planPins.fileId').orderBy('planPins.number').execute(),

    /**
     * The project's items with their plans, filtered, by due date (none last), then by plan and
     * number: one statement on the project's index, however many plans and versions it has.
     */
    openItemsOfProject: (projectId: number, filter: OpenItemFilter, window?: PageWindow) => {
      const sorted = pinsOf(db)
        .innerJoin('projectFiles', 'projectFiles.id', 'planPins.fileId')
        .select(['projectFiles.planId', 'projectFiles.name as planName', 'projectFiles.version as fileVersion'])
        .where((eb) => eb.and(openItemConditions(eb, projectId, filter)))
        .orderBy(sql`case when ${sql.ref('planPins.dueDate')} is null then 1 else 0 end`)
        .orderBy('planPins.dueDate')
        .orderBy('planPins.fileId')
        .orderBy('planPins.number');
      return (window ? sorted.limit(window.limit).offset(window.offset) : sorted).execute();
    },

    /** How many of the project's items the filter chooses. */
    countOpenItemsOfProject: async (projectId: number, filter: OpenItemFilter): Promise<number> => {
      const row = await db
        .selectFrom('planPins')
        .innerJoin('projectFiles', 'projectFiles.id', 'planPins.fileId')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where((eb) => eb.and(openItemConditions(eb, projectId, filter)))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Per project of the scope (created by one of the architects, or assigned to the client): its
     * items not done and how many of them are overdue, in one statement.
     */
    countsOfProjects: async (scope: { architectIds: readonly number[] } | { clientId: number }, today: string) => {
      const notDone = sql<number>`sum(case when ${sql.ref('planPins.status')} <> 'ERLEDIGT' then 1 else 0 end)`;
      const overdue = sql<number>`sum(case when ${sql.ref('planPins.status')} <> 'ERLEDIGT' and ${sql.ref('planPins.dueDate')} < ${today} then 1 else 0 end)`;
      if ('architectIds' in scope && scope.architectIds.length === 0) return [];
      const rows = await db
        .selectFrom('planPins')
        .innerJoin('projects', 'projects.id', 'planPins.projectId')
        .select(['planPins.projectId', notDone.as('open'), overdue.as('overdue')])
        .where('planPins.status', '<>', 'ERLEDIGT')
        .where(notCarriedOn)
        .where((eb) => ('clientId' in scope ? eb('projects.assignedUserId', '=', scope.clientId) : eb('projects.createdById', 'in', scope.architectIds)))
        .groupBy('planPins.projectId')
        .execute();
      return rows.map((row) => ({ projectId: row.projectId, open: Number(row.open), overdue: Number(row.overdue) }));
    },

    /** The items a user is responsible for and has not done, with their plans and projects, by due date (none last). */
    openItemsOf: (userId: number) =>
      pinsOf(db)
        .innerJoin('projectFiles', 'projectFiles.id', 'planPins.fileId')
        .innerJoin('projects', 'projects.id', 'planPins.projectId')
        .select(['projectFiles.planId', 'projectFiles.name as planName', 'projectFiles.version as fileVersion', 'projects.name as projectName', 'projects.assignedUserId', 'projects.createdById as projectCreatedById'])
        .where('planPins.responsibleId', '=', userId)
        .where('planPins.status', '<>', 'ERLEDIGT')
        .where(notCarriedOn)
        .orderBy(sql`case when ${sql.ref('planPins.dueDate')} is null then 1 else 0 end`)
        .orderBy('planPins.dueDate')
        .orderBy('planPins.id')
        .execute(),

    find: (pinId: number) => pinsOf(db).where('planPins.id', '=', pinId).executeTakeFirst(),

    /** The status changes of the pins, oldest first. */
    historyOf: (pinIds: readonly number[]) =>
      pinIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('planPinStatusChanges')
            .select(['pinId', 'fromStatus', 'toStatus', 'changedByName', 'changedAt'])
            .where('pinId', 'in', pinIds)
            .orderBy('pinId')
            .orderBy('id')
            .execute(),

    /** The replies under the pins, oldest first. */
    repliesOf: (pinIds: readonly number[]) =>
      pinIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('planPinReplies').select(['id', 'pinId', 'authorName', 'text', 'createdAt']).where('pinId', 'in', pinIds).orderBy('pinId').orderBy('id').execute(),

    insertReply: async (reply: { pinId: number; authorId: number | null; authorName: string; text: string; createdAt: string }): Promise<number> =>
      (await db.insertInto('planPinReplies').values(reply).returning('id').executeTakeFirstOrThrow()).id,

    /** The file's next number: one more than the highest ever placed (deleted numbers are not given again while higher ones stand). */
    nextNumber: async (fileId: number): Promise<number> => {
      const row = await db.selectFrom('planPins').select((eb) => eb.fn.max('number').as('highest')).where('fileId', '=', fileId).executeTakeFirst();
      return Number(row?.highest ?? 0) + 1;
    },

    insert: async (pin: NewPin & { number: number }): Promise<number> =>
      (await db.insertInto('planPins').values(pin).returning('id').executeTakeFirstOrThrow()).id,

    /** Changes the pin if it is still at `version`; false when someone changed it meanwhile. */
    update: async (pinId: number, version: number, change: PinChange | PinItemChange | { status: PinStatus; updatedAt: string }): Promise<boolean> => {
      const result = await db
        .updateTable('planPins')
        .set((eb) => ({ ...change, version: eb('version', '+', 1) }))
        .where('id', '=', pinId)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Which of the pins were carried over already (each is carried once: a unique index). */
    carriedOf: async (pinIds: readonly number[]): Promise<Set<number>> => {
      if (pinIds.length === 0) return new Set();
      const rows = await db.selectFrom('planPins').select('carriedFromPinId').where('carriedFromPinId', 'in', pinIds).execute();
      return new Set(rows.flatMap((row) => (row.carriedFromPinId === null ? [] : [row.carriedFromPinId])));
    },

    /** A carried pin takes its origin's status history and replies along: the item's story goes on. */
    copyStory: async (fromPinId: number, toPinId: number): Promise<void> => {
      await db
        .insertInto('planPinStatusChanges')
        .columns(['pinId', 'fromStatus', 'toStatus', 'changedById', 'changedByName', 'changedAt'])
        .expression(
          db
            .selectFrom('planPinStatusChanges')
            .select([sql<number>`cast(${toPinId} as integer)`.as('pinId'), 'fromStatus', 'toStatus', 'changedById', 'changedByName', 'changedAt'])
            .where('pinId', '=', fromPinId)
            .orderBy('id'),
        )
        .execute();
      await db
        .insertInto('planPinReplies')
        .columns(['pinId', 'authorId', 'authorName', 'text', 'createdAt'])
        .expression(
          db
            .selectFrom('planPinReplies')
            .select([sql<number>`cast(${toPinId} as integer)`.as('pinId'), 'authorId', 'authorName', 'text', 'createdAt'])
            .where('pinId', '=', fromPinId)
            .orderBy('id'),
        )
        .execute();
    },

    recordStatusChange: (change: NewStatusChange) => db.insertInto('planPinStatusChanges').values(change).execute(),

    /** The usernames of a project's people, whose dashboards count its items: its client and the architects who may see it. */
    peopleOfProject: async (projectId: number): Promise<string[]> => {
      const project = await db.selectFrom('projects').select(['assignedUserId', 'createdById']).where('id', '=', projectId).executeTakeFirst();
      if (!project) return [];
      return (await peopleOf(db, project.assignedUserId, project.createdById).select('username').execute()).map((row) => row.username);
    },

    /**
     * Who may be responsible for a project's items: its client and the architects who may see it
     * (its creator and whoever shares a team with the creator), in name order.
     */
    assigneesOf: (clientId: number | null, creatorId: number | null) =>
      peopleOf(db, clientId, creatorId).select(['id', 'username', 'firstName', 'lastName', 'role']).orderBy('lastName').orderBy('firstName').orderBy('username').execute(),

    /** Deletes the pin; given a version, only while it still has it (false when it changed meanwhile). */
    async delete(pinId: number, version?: number): Promise<boolean> {
      let query = db.deleteFrom('planPins').where('id', '=', pinId);
      if (version !== undefined) query = query.where('version', '=', version);
      const [result] = await query.execute();
      return Number(result?.numDeletedRows ?? 0) > 0;
    },
  };
}

export type PinRepository = ReturnType<typeof createPinRepository>;
export type PinRow = NonNullable<Awaited<ReturnType<PinRepository['find']>>>;
export type StatusChangeRow = Awaited<ReturnType<PinRepository['historyOf']>>[number];
export type ReplyRow = Awaited<ReturnType<PinRepository['repliesOf']>>[number];

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly pins: PinRepository;
  }
}
