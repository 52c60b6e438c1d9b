import type { Fanout, LiveEvent } from './fanout';

/** The events that empty a cache: a change that makes every entry of it possibly wrong. */
export type CacheChangeEvent = Extract<LiveEvent, { type: 'teams-changed' | 'notification-settings-changed' }>['type'];

/**
 * What the database said, kept briefly in memory by key, where nearly every request (or every
 * notice) would otherwise ask the same question again.
 *
 * Why this is safe, as for verified sessions (auth/session-cache.ts):
 * - An entry lives `ttlMs` at most, and fewer than `maxEntries` are kept (the oldest go first).
 * - Every change the cache depends on empties it at once on its instance and, through the fan-out
 *   (PostgreSQL LISTEN/NOTIFY), on every other one; `epoch` keeps a read that raced with such a
 *   change out of the cache.
 * - While the fan-out does not listen (its connection lost), changes may be missed: nothing is
 *   answered from memory until it is back, and the gap empties the cache.
 */
export interface FanoutCache<K, V> {
  /** The value, read from the database, or from memory when fresh. */
  get(key: K, read: () => Promise<V>): Promise<V>;
  /** Something the values depend on changed: forget every entry here and on every other instance. */
  changed(): Promise<void>;
}

export function createFanoutCache<K, V>(options: {
  ttlMs: number;
  maxEntries: number;
  fanout: Fanout;
  event: CacheChangeEvent;
  onNoticeFailed?: (error: unknown) => void;
}): FanoutCache<K, V> {
  const entries = new Map<K, { value: V; storedAt: number }>();
  let epoch = 0;
  const clear = () => {
    entries.clear();
    epoch += 1;
  };
  const { fanout } = options;
  fanout.subscribe((event) => {
    if (event.type === options.event) clear();
  });
  fanout.onGap(clear);
  const usable = () => options.ttlMs > 0 && fanout.listening;

  return {
    async get(key, read) {
      const entry = usable() ? entries.get(key) : undefined;
      if (entry && performance.now() - entry.storedAt < options.ttlMs) return entry.value;
      const readAt = epoch;
      const value = await read();
      if (readAt !== epoch || !usable()) return value;
      entries.delete(key);
      entries.set(key, { value, storedAt: performance.now() });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as K);
      return value;
    },

    async changed() {
      clear();
      await fanout.publish({ type: options.event }).catch((error: unknown) => options.onNoticeFailed?.(error));
    },
  };
}
