import { sql, type Expression, type Insertable, type SqlBool } from 'kysely';
import type { OpenItemStatusFilter } from '@bauakte/domain';
import type { Db } from '../../platform/db/database';
import type { QuestionFollowUpsTable } from '../../platform/db/schema';

/** A follow-up with its author's and its responsible person's names as the accounts have them now (null once an account is gone). */
const followUpsOf = (db: Db) =>
  db
    .selectFrom('questionFollowUps')
    .leftJoin('users', 'users.id', 'questionFollowUps.createdById')
    .leftJoin('users as responsible', 'responsible.id', 'questionFollowUps.responsibleId')
    .select([
      'questionFollowUps.id',
      'questionFollowUps.projectId',
      'questionFollowUps.questionKey',
      'questionFollowUps.note',
      'questionFollowUps.status',
      'questionFollowUps.responsibleId',
      'questionFollowUps.createdById',
      'questionFollowUps.createdByName',
      'questionFollowUps.createdAt',
      'questionFollowUps.updatedAt',
      'questionFollowUps.version',
      'questionFollowUps.answer',
      'questionFollowUps.answeredByName',
      'questionFollowUps.answeredAt',
      'users.username',
      'users.firstName',
      'users.lastName',
      'responsible.username as responsibleUsername',
      'responsible.firstName as responsibleFirstName',
      'responsible.lastName as responsibleLastName',
    ]);

export type NewFollowUp = Omit<Insertable<QuestionFollowUpsTable>, 'id' | 'version' | 'status'>;
export type FollowUpAnswer = Pick<QuestionFollowUpsTable, 'answer' | 'answeredByName' | 'answeredAt' | 'updatedAt'>;

/** The filters of the list 'Offene Punkte' a follow-up can meet: it has no plan, kind or due date of its own. */
export interface FollowUpFilter {
  status?: OpenItemStatusFilter;
  responsibleId?: number;
}

export function createFollowUpRepository(db: Db) {
  return {
    /** The project's follow-ups, oldest first. */
    listOfProject: (projectId: number, filter: FollowUpFilter = {}) =>
      followUpsOf(db)
        .where((eb) => {
          const all: Expression<SqlBool>[] = [eb('questionFollowUps.projectId', '=', projectId)];
          if (filter.status === 'UNERLEDIGT') all.push(eb('questionFollowUps.status', '!=', 'ERLEDIGT'));
          if (filter.status && filter.status !== 'UNERLEDIGT') all.push(eb('questionFollowUps.status', '=', filter.status));
          if (filter.responsibleId !== undefined) all.push(eb('questionFollowUps.responsibleId', '=', filter.responsibleId));
          return eb.and(all);
        })
        .orderBy('questionFollowUps.createdAt')
        .orderBy('questionFollowUps.id')
        .execute(),

    /** The follow-up, if it belongs to the project. */
    findInProject: (projectId: number, followUpId: number) =>
      followUpsOf(db).where('questionFollowUps.projectId', '=', projectId).where('questionFollowUps.id', '=', followUpId).executeTakeFirst(),

    /** Per project of the scope (created by one of the architects, or assigned to the client): its follow-ups not done. */
    countsOfProjects: async (scope: { architectIds: readonly number[] } | { clientId: number }) => {
      if ('architectIds' in scope && scope.architectIds.length === 0) return [];
      const rows = await db
        .selectFrom('questionFollowUps')
        .innerJoin('projects', 'projects.id', 'questionFollowUps.projectId')
        .select(['questionFollowUps.projectId', sql<number>`count(*)`.as('open')])
        .where('questionFollowUps.status', '<>', 'ERLEDIGT')
        .where((eb) => ('clientId' in scope ? eb('projects.assignedUserId', '=', scope.clientId) : eb('projects.createdById', 'in', scope.architectIds)))
        .groupBy('questionFollowUps.projectId')
        .execute();
      return rows.map((row) => ({ projectId: row.projectId, open: Number(row.open) }));
    },

    /** The follow-ups a user is to answer and has not, with their projects, oldest first. */
    openItemsOf: (userId: number) =>
      followUpsOf(db)
        .innerJoin('projects', 'projects.id', 'questionFollowUps.projectId')
        .select(['projects.name as projectName', 'projects.assignedUserId', 'projects.createdById as projectCreatedById'])
        .where('questionFollowUps.responsibleId', '=', userId)
        .where('questionFollowUps.status', '<>', 'ERLEDIGT')
        .orderBy('questionFollowUps.createdAt')
        .orderBy('questionFollowUps.id')
        .execute(),

    insert: async (followUp: NewFollowUp): Promise<number> =>
      (await db.insertInto('questionFollowUps').values(followUp).returning('id').executeTakeFirstOrThrow()).id,

    /** Closes the follow-up with its answer if it is still open at `version`; false when someone changed it meanwhile. */
    answer: async (followUpId: number, version: number, answer: FollowUpAnswer): Promise<boolean> => {
      const result = await db
        .updateTable('questionFollowUps')
        .set((eb) => ({ ...answer, status: 'ERLEDIGT' as const, version: eb('version', '+', 1) }))
        .where('id', '=', followUpId)
        .where('version', '=', version)
        .where('status', '<>', 'ERLEDIGT')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type FollowUpRepository = ReturnType<typeof createFollowUpRepository>;
export type FollowUpRow = NonNullable<Awaited<ReturnType<FollowUpRepository['findInProject']>>>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly followUps: FollowUpRepository;
  }
}
