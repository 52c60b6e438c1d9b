import type { SessionWithUser } from './repository';

/** A session as it was read from the database for one token (whose signature and exp were checked). */
export interface CachedSession {
  session: SessionWithUser;
  /**
   * The last instant (ms since the epoch) the entry may answer, whatever its age: the earliest of
   * the token's exp, the session's end and the moment its use is due to be written (sessions.ts).
   */
  usableUntil: number;
}

export interface SessionCache {
  /** The entry of exactly this token string, if stored less than the cache's lifetime ago. */
  get(token: string): CachedSession | undefined;
  /** Taken before reading the database; an entry read under an older epoch is not stored (see `store`). */
  epoch(): number;
  /**
   * Stores what was read for this token, unless something was dropped since `readAt` was taken:
   * the row may have been read just before a revocation whose notice has already been handled.
   */
  store(token: string, entry: CachedSession, readAt: number): void;
  drop(change: { sessionIds: readonly string[]; userIds: readonly number[] }): void;
  clear(): void;
}

/**
 * Verified sessions, kept briefly in memory so that a burst of requests costs one database read.
 *
 * Why this is safe:
 * - The key is the whole token string, which was verified (signature, exp) before it was stored;
 *   an entry can only ever answer for the very token it was read for, never another user's.
 * - An entry lives `ttlMs` at most (monotonic clock), and fewer than `maxEntries` are kept (least
 *   recently used go first), so memory stays bounded and a missed notice costs `ttlMs` at worst.
 * - Whatever ends a session or changes an account drops the entries at once on this instance and,
 *   through the fan-out, on every other one (sessions.ts); `epoch` keeps a read that raced with a
 *   drop out of the cache.
 * - Every expiry (token exp, session lifetime, idle time, the beacon's end) still holds to the
 *   millisecond: an entry answers only until the earliest of them (`usableUntil`, checked against
 *   the current clock on each hit); after that the database decides. The cache saves the read, never a check.
 */
export function createSessionCache(options: { maxEntries: number; ttlMs: number }): SessionCache {
  const entries = new Map<string, CachedSession & { storedAt: number }>();
  let epoch = 0;

  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      entries.delete(token);
      if (performance.now() - entry.storedAt >= options.ttlMs) return undefined;
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      entries.set(token, entry);
      return entry;
    },

    epoch: () => epoch,

    store(token, entry, readAt) {
      if (readAt !== epoch || options.ttlMs <= 0) return;
      entries.delete(token);
      entries.set(token, { ...entry, storedAt: performance.now() });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    },

    drop({ sessionIds, userIds }) {
      epoch++;
      if (sessionIds.length === 0 && userIds.length === 0) return;
      const sessions = new Set(sessionIds);
      const users = new Set(userIds);
      for (const [token, { session }] of entries) {
        if (sessions.has(session.sessionId) || users.has(session.userId)) entries.delete(token);
      }
    },

    clear() {
      epoch++;
      entries.clear();
    },
  };
}
