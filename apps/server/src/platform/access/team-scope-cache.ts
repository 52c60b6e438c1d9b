import type { Fanout } from '../live/fanout';

/**
 * Whom an architect works with (their team-mates' ids, architectScope), kept briefly in memory:
 * nearly every request of an architect asks it, and on PostgreSQL it was a round trip of its own
 * before the request's real statement (bench/workload.ts: four of the dashboard's seven calls).
 *
 * Why this is safe, as for verified sessions (auth/session-cache.ts):
 * - An entry lives `ttlMs` at most, and fewer than `maxEntries` are kept (the oldest go first).
 * - Every change of a team's members empties the cache at once on its instance and, through the
 *   fan-out (PostgreSQL LISTEN/NOTIFY), on every other one; `epoch` keeps a read that raced with
 *   such a change out of the cache.
 * - While the fan-out does not listen (its connection lost), notices may be missed: nothing is
 *   answered from memory until it is back, and the gap empties the cache.
 */
export interface TeamScopeCache {
  /** The ids of the user and their team-mates, read from the database, or from memory when fresh. */
  scopeOf(userId: number, read: () => Promise<number[]>): Promise<number[]>;
  /** A team's members changed: forget every entry here and on every other instance. */
  teamsChanged(): Promise<void>;
}

export function createTeamScopeCache(options: { ttlMs: number; maxEntries: number; fanout: Fanout; onNoticeFailed?: (error: unknown) => void }): TeamScopeCache {
  const entries = new Map<number, { ids: number[]; storedAt: number }>();
  let epoch = 0;
  const clear = () => {
    entries.clear();
    epoch += 1;
  };
  const { fanout } = options;
  fanout.subscribe((event) => {
    if (event.type === 'teams-changed') clear();
  });
  fanout.onGap(clear);
  const usable = () => options.ttlMs > 0 && fanout.listening;

  return {
    async scopeOf(userId, read) {
      const entry = usable() ? entries.get(userId) : undefined;
      if (entry && performance.now() - entry.storedAt < options.ttlMs) return entry.ids;
      const readAt = epoch;
      const ids = await read();
      if (readAt !== epoch || !usable()) return ids;
      entries.delete(userId);
      entries.set(userId, { ids, storedAt: performance.now() });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as number);
      return ids;
    },

    async teamsChanged() {
      clear();
      await fanout.publish({ type: 'teams-changed' }).catch((error: unknown) => options.onNoticeFailed?.(error));
    },
  };
}
