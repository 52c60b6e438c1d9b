import type { DataLayer } from '../../platform/db/repositories';
import { uploadPrefixes, type ObjectStore } from '../../platform/storage/object-store';
import type { FileObjects } from './file-objects';
import type { PageCache } from './previews/page-cache';
import { ownerOfPageKey } from './previews/pdf-previews';

/** How long an unlisted object may be an upload still under way (on another instance). */
export const sweepGraceMs = 3_600_000;

export interface FileSweepDeps {
  data: DataLayer;
  store: ObjectStore;
  /** The rendered pages kept in the store: the sweep holds their installation's bound. */
  pageCache: PageCache;
  objects: Pick<FileObjects, 'discardObjects'>;
}

/** The store's housekeeping: objects no file row refers to, and the cached pages over the bound. */
export function createFileSweep(deps: FileSweepDeps) {
  const { data, store } = deps;

  /**
   * Removes objects no file row refers to: remainders of killed uploads (unfinished multipart
   * uploads in a bucket are aborted), files that waited for a projectId that never came, objects of
   * deletes that failed, and cached pages no longer counted. Those younger than the grace are left
   * alone; another instance may be about to list them. Then evicts the cached pages read longest
   * ago until the rest fit the installation's bound.
   */
  async function sweep(graceMs: number = sweepGraceMs): Promise<number> {
    const cutoff = Date.now() - graceMs;
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      // A cached page is kept while it is counted (its row goes with its file), any other object while a file row names it.
      const isPage = (key: string) => ownerOfPageKey(key) !== undefined;
      const [knownPages, knownFiles] = await Promise.all([
        data.repos.renderedPages.knownKeys(batch.filter(isPage)),
        data.repos.files.knownKeys(batch.filter((key) => !isPage(key))),
      ]);
      const orphans = batch.filter((key) => !knownPages.has(key) && !knownFiles.has(key));
      await deps.objects.discardObjects(orphans);
      removed += orphans.length;
      batch = [];
    };
    for (const prefix of uploadPrefixes) {
      for await (const object of store.list(prefix)) {
        if (object.lastModified.getTime() > cutoff) continue;
        batch.push(object.key);
        if (batch.length >= 500) await flush();
      }
    }
    await flush();
    await deps.pageCache.evictOverLimit();
    return removed;
  }

  return {
    sweep,

    /**
     * At start: on disk (one instance only) every remainder is a dead process's and goes at once;
     * in a bucket other instances may be uploading, so their hour of grace applies.
     */
    sweepAtStart: () => sweep(store.kind === 'disk' ? 0 : sweepGraceMs),
  };
}
