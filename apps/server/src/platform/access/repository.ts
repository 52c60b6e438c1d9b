import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export function createAccessRepository(db: Kysely<Database>) {
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
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
