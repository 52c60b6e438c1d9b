import { randomUUID } from 'node:crypto';
import { sameUsername, type Role } from '@bauakte/domain';
import type { Fanout } from '../fanout/fanout';
import type { DeviceSession, SessionRepository, SessionWithUser } from './repository';
import { createSessionCache } from './session-cache';
import type { TokenService } from './tokens';
import type { DeviceKind } from './user-agent';

/** The caller of a request, as the server knows it: from the session, never from a path or body. */
export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  roles: Role[];
  sessionId: string;
}

/** How long a session survives the unload beacon: long enough for a page reload to reclaim it. */
export const beaconGraceMs = 60_000;

/** Writing the last use on every request would cost a write per read; once a minute is precise enough. */
export const lastSeenPrecisionMs = 60_000;

/** Verified sessions kept in memory at most (a few MB); the least recently used go first. */
export const sessionCacheEntries = 10_000;

/**
 * A remembered device's token is signed for this long: its session ends earlier when unused for
 * `rememberDays`, and at the latest here the device asks for the password again.
 */
export const rememberedTokenDays = 365;

/** How a login starts its session: on a remembered device (which outlasts a closed window) or not. */
export interface SessionStart {
  remembered: boolean;
  device: DeviceKind;
}

/** What ended or changed: these sessions, and every session of these accounts. */
export interface SessionChange {
  sessionIds?: string[];
  userIds?: number[];
}

export interface SessionService {
  start(user: { id: number; username: string; role: Role }, how?: SessionStart): Promise<string>;
  resolve(token: string): Promise<AuthUser | null>;
  /**
   * Why a token is refused: its session was ended (revoked: ended from another device, by a password
   * change or a logout, or its account is no longer active) or it merely ran out (expired, idle,
   * closed window, or a token or session the server does not know, as a pruned one).
   */
  refusalOf(token: string): Promise<'revoked' | 'expired'>;
  end(sessionId: string): Promise<void>;
  endAllOf(userId: number, exceptSessionId?: string): Promise<void>;
  /** The unload beacon: the session ends shortly unless its tab comes back; a remembered device's stays. */
  endSoon(token: string, username: string): Promise<boolean>;
  /** The account's signed-in devices: its usable sessions, most recently used first. */
  devicesOf(userId: number): Promise<DeviceSession[]>;
  /** Ends one session of the account; false when it has no such session. */
  endDevice(userId: number, sessionId: string): Promise<boolean>;
  /** Ends the named user's session by its id (a logout made without a connection); false when there is no such session of theirs. */
  endNamed(sessionId: string, username: string): Promise<boolean>;
  /** Of these sessions, the ones still usable (live connections check theirs every second). */
  stillLive(sessionIds: readonly string[]): Promise<Set<string>>;
  /** An open live connection is use of its session: it does not go idle. */
  keepAlive(sessionIds: readonly string[]): Promise<void>;
  /** Deletes sessions that can never be used again (expired or revoked), so the table stays small. */
  prune(): Promise<void>;
  /**
   * Sessions or accounts were ended or changed in a transaction of the caller (password reset,
   * profile change or deletion): after the commit, this drops them from the cache of every instance.
   */
  invalidate(change: SessionChange): Promise<void>;
}

export function createSessionService(deps: {
  repository: SessionRepository;
  tokens: TokenService;
  sessionHours: number;
  /** A session unused this long ends, whatever its lifetime says. */
  idleMinutes: number;
  /** A remembered device's session ends when unused this long (each use moves its expiry). */
  rememberDays: number;
  /** How long a verified session is answered from memory; 0 asks the database on every request. */
  cacheSeconds: number;
  /** Carries the cache's invalidations to every instance (PostgreSQL LISTEN/NOTIFY) or this one. */
  fanout: Fanout;
}): SessionService {
  const { repository, tokens, fanout } = deps;
  const now = () => new Date().toISOString();
  const idleMs = deps.idleMinutes * 60_000;
  const rememberMs = deps.rememberDays * 86_400_000;
  const rememberedExpiry = (at: string) => new Date(Date.parse(at) + rememberMs).toISOString();
  const isRemembered = (session: { remembered: number }) => Number(session.remembered) === 1;
  const lastUse = (session: { lastSeenAt: string | null; createdAt: string }) => Date.parse(session.lastSeenAt ?? session.createdAt);
  const cache = createSessionCache({ maxEntries: sessionCacheEntries, ttlMs: deps.cacheSeconds * 1000 });

  // Every instance, this one included, drops what any instance ended. If the LISTEN connection was
  // lost, notices may have been missed: forget everything (and cache nothing until it is back).
  fanout.subscribe((event) => {
    if (event.type === 'sessions-ended') cache.drop(event);
  });
  fanout.onGap(() => cache.clear());

  async function announce(change: SessionChange): Promise<void> {
    const ended = { sessionIds: change.sessionIds ?? [], userIds: change.userIds ?? [] };
    // At once here, so the caller's next request is refused; the others hear it within milliseconds.
    cache.drop(ended);
    // The database change stands even if the notice cannot be sent; the others' entries then end with their lifetime.
    await fanout.publish({ type: 'sessions-ended', ...ended }).catch(() => undefined);
  }

  async function findLive(token: string) {
    const verified = await tokens.verify(token);
    if (!verified) return null;
    const session = await repository.findWithUser(verified.sessionId);
    if (!session || session.username !== verified.username) return null;
    const at = now();
    if (session.revokedAt !== null || session.status !== 'ACTIVE' || session.expiresAt <= at) return null;
    if (session.endsAt !== null && session.endsAt <= at) return null;
    if (!isRemembered(session) && lastUse(session) + idleMs <= Date.parse(at)) return null;
    return { session, verified };
  }

  /**
   * Until when a cached entry may answer without the database: while the token and the session
   * are unexpired and the last use is recent enough not to be written (which, with an idle time of
   * at least five minutes, also means it is not idle). Only sessions without a pending unload
   * beacon are cached (a request must reach the database to cancel it): every request that finds
   * one writes the use, which clears it.
   */
  const usableUntil = (session: SessionWithUser, tokenExpiresAt: number) =>
    Math.min(tokenExpiresAt, Date.parse(session.expiresAt) - 1, lastUse(session) + lastSeenPrecisionMs);

  const authUserOf = (session: SessionWithUser): AuthUser => ({
    id: session.userId,
    username: session.username,
    role: session.role,
    roles: [session.role],
    sessionId: session.sessionId,
  });

  /** The database's answer for a token: its session if live (its use written when due), else null. */
  const readSession = async (token: string, readAt: number): Promise<AuthUser | null> => {
    const found = await findLive(token);
    if (!found) return null;
    let session = found.session;
    // A request after the unload beacon means the tab was only reloaded: keep the session.
    if (session.endsAt !== null || lastUse(session) + lastSeenPrecisionMs < Date.now()) {
      const at = now();
      const expiresAt = isRemembered(session) ? rememberedExpiry(at) : undefined;
      await repository.touch(session.sessionId, at, expiresAt);
      session = { ...session, lastSeenAt: at, endsAt: null, ...(expiresAt ? { expiresAt } : {}) };
    }
    if (fanout.listening) cache.store(token, { session, usableUntil: usableUntil(session, found.verified.expiresAt) }, readAt);
    return authUserOf(session);
  };
  /** Reads of the database under way, per token, with the cache's epoch they began in. */
  const reading = new Map<string, { readAt: number; result: Promise<AuthUser | null> }>();

  return {
    async start(user, how) {
      const sessionId = randomUUID();
      const createdAt = new Date();
      const remembered = how?.remembered ?? false;
      const expiresAt = remembered ? new Date(createdAt.getTime() + rememberMs) : new Date(createdAt.getTime() + deps.sessionHours * 3_600_000);
      await repository.insert({
        id: sessionId,
        userId: user.id,
        createdAt: createdAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
        remembered,
        browser: how?.device.browser ?? null,
        system: how?.device.system ?? null,
      });
      // A remembered session's expiry moves with use, so its token outlives the first expiry.
      const tokenExpiresAt = remembered ? new Date(createdAt.getTime() + rememberedTokenDays * 86_400_000) : expiresAt;
      return tokens.sign({ userId: user.id, username: user.username, roles: [user.role], sessionId, expiresAt: tokenExpiresAt });
    },

    async resolve(token) {
      const cached = fanout.listening ? cache.get(token) : undefined;
      if (cached && Date.now() <= cached.usableUntil) return authUserOf(cached.session);
      const readAt = cache.epoch();
      // The dashboard asks seven things at once with one token: when its entry has lapsed, one read
      // answers all seven. Only a read begun since the last drop is shared, so a request that arrives
      // after a logout never takes the answer of a read from before it.
      const pending = reading.get(token);
      if (pending && pending.readAt === readAt) return pending.result;
      const result = readSession(token, readAt);
      reading.set(token, { readAt, result });
      try {
        return await result;
      } finally {
        if (reading.get(token)?.result === result) reading.delete(token);
      }
    },

    async refusalOf(token) {
      const verified = await tokens.verify(token);
      const session = verified ? await repository.findWithUser(verified.sessionId) : undefined;
      if (!session) return 'expired';
      return session.revokedAt !== null || session.status !== 'ACTIVE' || session.username !== verified?.username ? 'revoked' : 'expired';
    },

    async end(sessionId) {
      await repository.revoke(sessionId, now());
      await announce({ sessionIds: [sessionId] });
    },

    async endAllOf(userId, exceptSessionId) {
      await repository.revokeAllOfUser(userId, now(), exceptSessionId);
      await announce({ userIds: [userId] });
    },

    invalidate: announce,

    async stillLive(sessionIds) {
      const at = new Date();
      return new Set(await repository.liveAmong(sessionIds, at.toISOString(), new Date(at.getTime() - idleMs).toISOString()));
    },

    async keepAlive(sessionIds) {
      const at = now();
      await repository.touchAll(sessionIds, at, rememberedExpiry(at));
    },

    async prune() {
      await repository.deleteExpired(now(), new Date(Date.now() - idleMs).toISOString());
    },

    devicesOf(userId) {
      const at = new Date();
      return repository.liveOfUser(userId, at.toISOString(), new Date(at.getTime() - idleMs).toISOString());
    },

    async endDevice(userId, sessionId) {
      if (!(await repository.revokeOfUser(sessionId, userId, now()))) return false;
      await announce({ sessionIds: [sessionId] });
      return true;
    },

    async endNamed(sessionId, username) {
      const session = await repository.findWithUser(sessionId);
      if (!session || !sameUsername(session.username, username)) return false;
      if (session.revokedAt === null) {
        await repository.revoke(sessionId, now());
        await announce({ sessionIds: [sessionId] });
      }
      return true;
    },

    async endSoon(token, username) {
      const found = await findLive(token);
      if (!found || !sameUsername(found.session.username, username)) return false;
      // A remembered device stays signed in when its window closes: that is what it was asked for.
      if (isRemembered(found.session)) return true;
      await repository.setEndsAt(found.session.sessionId, new Date(Date.now() + beaconGraceMs).toISOString());
      // The reloaded tab's first request must reach the database, on whichever instance, to cancel the end.
      await announce({ sessionIds: [found.session.sessionId] });
      return true;
    },
  };
}
