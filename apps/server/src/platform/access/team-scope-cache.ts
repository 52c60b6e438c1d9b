import type { Fanout } from '../fanout/fanout';
import { createFanoutCache } from '../fanout/fanout-cache';

/**
 * Whom an architect works with (their team-mates' ids, architectScope), kept briefly in memory:
 * nearly every request of an architect asks it, and on PostgreSQL it would be a round trip of its
 * own before the request's real statement.
 * Every change of a team's members empties it everywhere (fanout/fanout-cache.ts says why that is safe).
 */
export interface TeamScopeCache {
  /** The ids of the user and their team-mates, read from the database, or from memory when fresh. */
  scopeOf(userId: number, read: () => Promise<number[]>): Promise<number[]>;
  /** A team's members changed: forget every entry here and on every other instance. */
  teamsChanged(): Promise<void>;
}

export function createTeamScopeCache(options: { ttlMs: number; maxEntries: number; fanout: Fanout; onNoticeFailed?: (error: unknown) => void }): TeamScopeCache {
  const cache = createFanoutCache<number, number[]>({ ...options, event: 'teams-changed' });
  return { scopeOf: cache.get, teamsChanged: cache.changed };
}
