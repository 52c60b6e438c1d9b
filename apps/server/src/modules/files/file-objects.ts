import type { FastifyBaseLogger } from 'fastify';
import type { DataLayer } from '../../platform/db/repositories';
import type { ObjectStore } from '../../platform/storage/object-store';
import type { PdfPreviews } from './previews/pdf-previews';
import type { FileRow } from './repository';
import type { StoredUpload } from './upload';

/** A file's objects in the store (the original, its thumbnail, a PDF's cached pages) and how they go. */
export function createFileObjects(deps: { data: DataLayer; store: ObjectStore; previews: Pick<PdfPreviews, 'cachedPages'>; log: FastifyBaseLogger }) {
  const { store, log } = deps;

  /** Objects whose row is gone or never came: a failed delete is left to the sweep, never to the user. */
  async function discardObjects(keys: string[]): Promise<void> {
    for (const key of keys) {
      await store.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'object not deleted; the sweep will remove it'));
    }
  }

  /** A file's objects: the original, its thumbnail and the pages of a PDF rendered so far. */
  async function objectsOf(row: Pick<FileRow, 'storageKey' | 'thumbnailKey' | 'pageCount'>): Promise<string[]> {
    const pages = row.pageCount === null ? [] : await deps.previews.cachedPages(row.storageKey);
    return [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : []), ...pages];
  }

  return {
    discardObjects,
    objectsOf,

    /** A file's original and thumbnail: what is known of it without asking the store. */
    keysOf: (row: Pick<FileRow, 'storageKey' | 'thumbnailKey'>) => [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])],

    /** An upload that is not listed after all. */
    discardUpload: (stored: StoredUpload) => discardObjects([stored.key, ...(stored.thumbnailKey ? [stored.thumbnailKey] : [])]),

    /** The objects of a project's files (cached pages included), read before the project (and with it the rows) is deleted. */
    async objectsOfProject(projectId: number): Promise<string[]> {
      const keys: string[] = [];
      for (const row of await deps.data.repos.files.objectsOfProject(projectId)) keys.push(...(await objectsOf(row)));
      return keys;
    },
  };
}

export type FileObjects = ReturnType<typeof createFileObjects>;
