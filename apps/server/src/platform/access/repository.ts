import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';

/** What the policy needs to know of a project: who made it and whose it is. */
export interface ProjectRef {
  id: number;
  createdById: number | null;
  assignedUserId: number | null;
}

export function createAccessRepository(db: Db) {
  return {
    /** The ids of everyone who shares at least one team with the user, the user included. */
    teamMateIds: async (userId: number): Promise<number[]> => {
      const rows = await db
        .selectFrom('teamMembers as mine')
        .innerJoin('teamMembers as theirs', 'theirs.teamId', 'mine.teamId')
        .select('theirs.userId')
        .distinct()
        .where('mine.userId', '=', userId)
        .execute();
      return [...new Set([userId, ...rows.map((row) => row.userId)])];
    },

    projectRef: (id: number): Promise<ProjectRef | undefined> =>
      db.selectFrom('projects').select(['id', 'createdById', 'assignedUserId']).where('id', '=', id).executeTakeFirst(),

    account: (username: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst(),
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
