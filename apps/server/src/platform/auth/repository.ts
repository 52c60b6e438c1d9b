import type { Role } from '@bauakte/domain';
import type { Db } from '../db/database';

export interface SessionWithUser {
  sessionId: string;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string | null;
  endsAt: string | null;
  revokedAt: string | null;
  userId: number;
  username: string;
  role: Role;
  status: string;
}

export function createSessionRepository(db: Db) {
  // Every authenticated request runs this lookup: build and compile it once, bind the id per call.
  const findWithUserQuery = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.createdAt',
      'sessions.expiresAt',
      'sessions.lastSeenAt',
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
      db.insertInto('sessions').values({ ...session, lastSeenAt: session.createdAt, endsAt: null, revokedAt: null }).execute(),

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

    /** The session was used now; a request after the unload beacon also keeps it (a reload). */
    touch: (sessionId: string, at: string) =>
      db.updateTable('sessions').set({ lastSeenAt: at, endsAt: null }).where('id', '=', sessionId).execute(),

    /** Of these sessions, the ones still usable: not revoked, ended, expired or idle, of an active account. */
    liveAmong: async (sessionIds: readonly string[], now: string, idleSince: string): Promise<string[]> => {
      if (sessionIds.length === 0) return [];
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select('sessions.id')
        .where('sessions.id', 'in', sessionIds)
        .where('sessions.revokedAt', 'is', null)
        .where('users.status', '=', 'ACTIVE')
        .where('sessions.expiresAt', '>', now)
        .where((eb) => eb.or([eb('sessions.endsAt', 'is', null), eb('sessions.endsAt', '>', now)]))
        .where((eb) => eb(eb.fn.coalesce('sessions.lastSeenAt', 'sessions.createdAt'), '>', idleSince))
        .execute();
      return rows.map((row) => row.id);
    },

    touchAll: async (sessionIds: readonly string[], at: string) => {
      if (sessionIds.length > 0) await db.updateTable('sessions').set({ lastSeenAt: at }).where('id', 'in', sessionIds).execute();
    },

    deleteExpired: (now: string, idleSince: string) =>
      db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([eb('expiresAt', '<', now), eb('endsAt', '<', now), eb('revokedAt', 'is not', null), eb('lastSeenAt', '<', idleSince)]),
        )
        .execute(),
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;

declare module '../db/repositories' {
  interface Repositories {
    readonly sessions: SessionRepository;
  }
}
