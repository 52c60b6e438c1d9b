import type { Kysely } from 'kysely';
import type { Role } from '@bauakte/domain';
import type { Database } from '../db/schema';

export interface SessionWithUser {
  sessionId: string;
  expiresAt: string;
  endsAt: string | null;
  revokedAt: string | null;
  userId: number;
  username: string;
  role: Role;
  status: string;
}

export function createSessionRepository(db: Kysely<Database>) {
  // Every authenticated request runs this lookup: build and compile it once, bind the id per call.
  const findWithUserQuery = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.expiresAt',
      'sessions.endsAt',
      'sessions.revokedAt',
      'users.id as userId',
      'users.username',
      'users.role',
      'users.status',
    ])
    .where('sessions.id', '=', '')
    .compile();

  return {
    insert: (session: { id: string; userId: number; createdAt: string; expiresAt: string }) =>
      db.insertInto('sessions').values({ ...session, endsAt: null, revokedAt: null }).execute(),

    findWithUser: async (sessionId: string): Promise<SessionWithUser | undefined> =>
      (await db.executeQuery<SessionWithUser>({ ...findWithUserQuery, parameters: [sessionId] })).rows[0],

    revoke: (sessionId: string, at: string) =>
      db.updateTable('sessions').set({ revokedAt: at }).where('id', '=', sessionId).where('revokedAt', 'is', null).execute(),

    revokeAllOfUser: async (userId: number, at: string, exceptSessionId?: string) => {
      let query = db.updateTable('sessions').set({ revokedAt: at }).where('userId', '=', userId).where('revokedAt', 'is', null);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      await query.execute();
    },

    setEndsAt: (sessionId: string, endsAt: string | null) =>
      db.updateTable('sessions').set({ endsAt }).where('id', '=', sessionId).execute(),

    deleteExpired: (now: string) =>
      db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expiresAt', '<', now), eb('endsAt', '<', now), eb('revokedAt', 'is not', null)]))
        .execute(),
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
