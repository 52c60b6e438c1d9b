import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * One IndexedDB database per user ('bauakte-read-cache-<username>'), holding the answers of the
 * queries that user may need offline. A database of its own per user means reading one user's data
 * can never touch another's, and a logout deletes the whole database.
 */
export interface StoredAnswer {
  /** TanStack Query's hash of the query key: the record's key. */
  queryHash: string;
  queryKey: readonly unknown[];
  data: unknown;
  /** When the server gave this answer (ms since 1970): the offline banner's 'Stand von'. */
  dataUpdatedAt: number;
}

const storeName = 'answers' as const;

export function readCacheDatabaseName(username: string): string {
  return `bauakte-read-cache-${encodeURIComponent(username.toLowerCase())}`;
}

interface ReadCacheSchema extends DBSchema {
  answers: { key: string; value: StoredAnswer };
}

export interface ReadCacheDatabase {
  readAll(): Promise<StoredAnswer[]>;
  write(answer: StoredAnswer): Promise<void>;
  remove(queryHashes: string[]): Promise<void>;
  close(): void;
}

/** Opens (creating on first use) the user's database, through idb as the change queue does. */
export async function openReadCacheDatabase(username: string): Promise<ReadCacheDatabase> {
  const db: IDBPDatabase<ReadCacheSchema> = await openDB<ReadCacheSchema>(readCacheDatabaseName(username), 1, {
    upgrade: (database) => void database.createObjectStore(storeName, { keyPath: 'queryHash' }),
    // Another tab deleting this user's data (a logout there) must not wait for this one to close.
    blocking: () => db.close(),
  });
  return {
    readAll: () => db.getAll(storeName),
    write: async (answer) => {
      await db.put(storeName, answer);
    },
    remove: async (queryHashes) => {
      const transaction = db.transaction(storeName, 'readwrite');
      await Promise.all([...queryHashes.map((hash) => transaction.store.delete(hash)), transaction.done]);
    },
    close: () => db.close(),
  };
}

/** Deletes the user's database; resolves also when it never existed. */
export function deleteReadCacheDatabase(username: string): Promise<void> {
  return deleteDB(readCacheDatabaseName(username));
}
