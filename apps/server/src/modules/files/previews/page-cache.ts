import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { PageCacheLimits } from '../../../config';
import type { DataLayer } from '../../../platform/db/repositories';
import type { CachedPageRow } from '../repository';
import type { ObjectStore } from '../../../platform/storage/object-store';

/** A page read again within this time is not marked again: most reads of the cache write nothing. */
export const touchIntervalMs = 10 * 60_000;

/** Rows read at a time when the least recently used pages are chosen. */
const evictionBatch = 100;

/** The most a file's cached pages may take: a multiple of the file's size, at least the floor. */
export const fileLimitOf = (limits: PageCacheLimits, fileBytes: number) => Math.max(limits.fileFactor * fileBytes, limits.fileMinBytes);

/** The first of the pages (oldest first) that together free at least `excess` bytes. */
function coveringExcess(pages: CachedPageRow[], excess: number): { keys: string[]; bytes: number } {
  const keys: string[] = [];
  let bytes = 0;
  for (const page of pages) {
    if (bytes >= excess) break;
    keys.push(page.key);
    bytes += page.bytes;
  }
  return { keys, bytes };
}

export interface PageCacheDeps {
  data: DataLayer;
  store: ObjectStore;
  limits: PageCacheLimits;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * The rendered pages kept in the store, within bounds: per file at every write, per installation at
 * the sweep, the pages read longest ago evicted first. What is cached, its bytes and when it was last
 * read are kept in the database, so every instance counts the same pages. The row is written before
 * the object and removed before it, so the rows never count less than the store holds of a file; a
 * page object without a row is the sweep's to remove. A page deleted under a reader is rendered again.
 */
export function createPageCache(deps: PageCacheDeps) {
  const { data, store, limits, log } = deps;
  const { renderedPages } = data.repos;

  async function deleteObjects(keys: string[]): Promise<void> {
    for (const key of keys) {
      await store.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'evicted page not deleted; the sweep will remove it'));
    }
  }

  /** Counts the page against its file's bound, forgetting the file's least recently used pages over it; undefined when it is not to be kept. */
  function reserve(fileKey: string, key: string, bytes: number): Promise<string[] | undefined> {
    return data.transaction(async (repos) => {
      const fileBytes = await repos.renderedPages.lockFile(fileKey);
      // A file deleted meanwhile keeps nothing; a page larger than its file's bound is never kept.
      if (fileBytes === undefined) return undefined;
      const limit = fileLimitOf(limits, fileBytes);
      if (bytes > limit) return undefined;
      await repos.renderedPages.record({ key, fileKey, bytes, lastUsedAt: new Date().toISOString() });
      let excess = (await repos.renderedPages.bytesOfFile(fileKey)) - limit;
      const evicted: string[] = [];
      while (excess > 0) {
        const oldest = (await repos.renderedPages.leastRecentlyUsedOfFile(fileKey, evictionBatch)).filter((page) => page.key !== key);
        if (oldest.length === 0) break;
        const chosen = coveringExcess(oldest, excess);
        await repos.renderedPages.remove(chosen.keys);
        evicted.push(...chosen.keys);
        excess -= chosen.bytes;
      }
      return evicted;
    });
  }

  return {
    /** A cached page, marked as read; undefined when it is not (or no longer) in the store. */
    async get(key: string): Promise<Readable | undefined> {
      const now = Date.now();
      const mark = renderedPages
        .touch(key, new Date(now).toISOString(), new Date(now - touchIntervalMs).toISOString())
        .catch((error: unknown) => log.warn({ err: error, key }, 'cached page not marked as read'));
      const [cached] = await Promise.all([store.get(key), mark]);
      return cached;
    },

    /**
     * Keeps a rendered page within its file's bound, evicting the file's pages read longest ago to
     * make room. A page that cannot be kept costs the next reader a render, never this one its page.
     */
    async keep(fileKey: string, key: string, webp: Buffer): Promise<void> {
      try {
        const evicted = await reserve(fileKey, key, webp.byteLength);
        if (!evicted) return;
        await deleteObjects(evicted);
        await store.put(key, Readable.from([webp]), 'image/webp');
      } catch (error) {
        log.warn({ err: error, key }, 'rendered page not cached');
        await renderedPages.remove([key]).catch(() => undefined);
        return;
      }
      // Evicted by another writer of the file between the count and the object: not kept after all.
      if ((await renderedPages.knownKeys([key]).catch(() => new Set([key]))).has(key)) return;
      await deleteObjects([key]);
    },

    /** Holds the installation's bound: evicts the pages read longest ago until the rest fit. Answers how many went. */
    async evictOverLimit(): Promise<number> {
      let excess = (await renderedPages.totalBytes()) - limits.maxBytes;
      let evicted = 0;
      while (excess > 0) {
        const oldest = await renderedPages.leastRecentlyUsed(evictionBatch);
        if (oldest.length === 0) break;
        const chosen = coveringExcess(oldest, excess);
        excess -= chosen.bytes;
        // Pages another instance's sweep took meanwhile are its to delete.
        const removed = await renderedPages.remove(chosen.keys);
        await deleteObjects(removed);
        evicted += removed.length;
      }
      if (evicted > 0) log.info({ evicted, limitBytes: limits.maxBytes }, 'cached pages evicted over the installation bound');
      return evicted;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
