import { sql } from 'kysely';
import type { Team } from '@bauakte/domain';
import type { Db } from '../../platform/db/database';

export function createTeamRepository(db: Db) {
  return {
    /** Every team with its members' usernames, both in alphabetical order. */
    listWithMembers: async (): Promise<Team[]> => {
      const rows = await db
        .selectFrom('teams')
        .leftJoin('teamMembers', 'teamMembers.teamId', 'teams.id')
        .leftJoin('users', 'users.id', 'teamMembers.userId')
        .select(['teams.name as teamName', 'users.username'])
        .orderBy(sql`lower(teams.name)`)
        .orderBy(sql`lower(users.username)`)
        .execute();
      const teams = new Map<string, string[]>();
      for (const row of rows) {
        const members = teams.get(row.teamName) ?? [];
        if (row.username) members.push(row.username);
        teams.set(row.teamName, members);
      }
      return [...teams].map(([teamName, userNames]) => ({ teamName, userNames }));
    },

    findByName: (name: string) =>
      db.selectFrom('teams').select(['id', 'name']).where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst(),

    insert: async (name: string, createdAt: string): Promise<number> =>
      (await db.insertInto('teams').values({ name, createdAt }).returning('id').executeTakeFirstOrThrow()).id,

    delete: (teamId: number) => db.deleteFrom('teams').where('id', '=', teamId).execute(),

    addMember: (teamId: number, userId: number, addedAt: string) =>
      db.insertInto('teamMembers').values({ teamId, userId, addedAt }).execute(),

    removeMember: async (teamId: number, userId: number): Promise<boolean> => {
      const result = await db.deleteFrom('teamMembers').where('teamId', '=', teamId).where('userId', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    isMember: async (teamId: number, userId: number): Promise<boolean> =>
      (await db.selectFrom('teamMembers').select('userId').where('teamId', '=', teamId).where('userId', '=', userId).executeTakeFirst()) !==
      undefined,
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
