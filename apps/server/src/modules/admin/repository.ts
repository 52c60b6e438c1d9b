import { sql } from 'kysely';
import type { Team } from '@bauakte/domain';
import type { Db } from '../../platform/db/database';

export function createTeamRepository(db: Db) {
  return {
    /**
     * Every team with its members (usernames and names), both in alphabetical order. Teams are few (made by
     * hand); their members are found through the membership's key, team by team.
     */
    listWithMembers: async (): Promise<Team[]> => {
      const teams = await db.selectFrom('teams').select(['id', 'name']).orderBy(sql`lower(name)`).execute();
      if (teams.length === 0) return [];
      const members = await db
        .selectFrom('teamMembers')
        .innerJoin('users', 'users.id', 'teamMembers.userId')
        .select(['teamMembers.teamId', 'users.username', 'users.firstName', 'users.lastName'])
        .where('teamMembers.teamId', 'in', teams.map((team) => team.id))
        .orderBy(sql`lower(users.username)`)
        .execute();
      return teams.map((team) => {
        const people = members
          .filter((member) => member.teamId === team.id)
          .map(({ username, firstName, lastName }) => ({ username, firstName, lastName }));
        return { teamName: team.name, userNames: people.map((person) => person.username), members: people };
      });
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

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly teams: TeamRepository;
  }
}
