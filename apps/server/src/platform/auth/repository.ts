import type { Role } from '@bauakte/domain';
import type { Db } from '../db/database';

export interface SessionWithUser {
  sessionId: string;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string | null;
  endsAt: string | null;
  revokedAt: string | null;
  /** 1 for a remembered device (see the migration remembered-devices). */
  remembered: number;
  userId: number;
  username: string;
  role: Role;
  status: string;
}

export interface NewSession {
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  remembered?: boolean;
  browser?: string | null;
  system?: string | null;
}

/** A signed-in device as its account's list shows it. */
export interface DeviceSession {
  id: string;
  remembered: number;
  browser: string | null;
  system: string | null;
  createdAt: string;
  lastSeenAt: string | null;
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
      'sessions.remembered',
      'users.id as userId',
      'users.username',
      'users.role',
      'users.status',
    ])
    .where('sessions.id', '=', '')
    .compile();

  return {
    insert: (session: NewSession) =>
      db
        .insertInto('sessions')
        .values({ ...session, remembered: session.remembered ? 1 : 0, lastSeenAt: session.createdAt, endsAt: null, revokedAt: null })
        .execute(),

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

    /**
     * The session was used now; a request after the unload beacon also keeps it (a reload). A
     * remembered device's expiry moves with each use (`expiresAt`, given for those).
     */
    touch: (sessionId: string, at: string, expiresAt?: string) =>
      db
        .updateTable('sessions')
        .set({ lastSeenAt: at, endsAt: null, ...(expiresAt ? { expiresAt } : {}) })
        .where('id', '=', sessionId)
        .execute(),

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
        .where((eb) => eb.or([eb('sessions.remembered', '=', 1), eb(eb.fn.coalesce('sessions.lastSeenAt', 'sessions.createdAt'), '>', idleSince)]))
        .execute();
      return rows.map((row) => row.id);
    },

    /** The account's usable sessions (as `liveAmong` judges), newest use first: its signed-in devices. */
    liveOfUser: (userId: number, now: string, idleSince: string): Promise<DeviceSession[]> =>
      db
        .selectFrom('sessions')
        .select(['id', 'remembered', 'browser', 'system', 'createdAt', 'lastSeenAt'])
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .where((eb) => eb.or([eb('endsAt', 'is', null), eb('endsAt', '>', now)]))
        .where((eb) => eb.or([eb('remembered', '=', 1), eb(eb.fn.coalesce('lastSeenAt', 'createdAt'), '>', idleSince)]))
        .orderBy((eb) => eb.fn.coalesce('lastSeenAt', 'createdAt'), 'desc')
        .orderBy('id')
        .execute(),

    /** Ends this session of this account; false when the account has no such unrevoked session. */
    revokeOfUser: async (sessionId: string, userId: number, at: string): Promise<boolean> => {
      const result = await db
        .updateTable('sessions')
        .set({ revokedAt: at })
        .where('id', '=', sessionId)
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Live connections are use: the last use of all, and the expiry of the remembered ones (`expiresAt`). */
    touchAll: async (sessionIds: readonly string[], at: string, expiresAt: string) => {
      if (sessionIds.length === 0) return;
      await db.updateTable('sessions').set({ lastSeenAt: at }).where('id', 'in', sessionIds).execute();
      await db.updateTable('sessions').set({ expiresAt }).where('id', 'in', sessionIds).where('remembered', '=', 1).execute();
    },

    deleteExpired: (now: string, idleSince: string) =>
      db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([eb('expiresAt', '<', now), eb('endsAt', '<', now), eb('revokedAt', 'is not', null),
            eb.and([eb('remembered', '=', 0), eb('lastSeenAt', '<', idleSince)]),
          ]),
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
