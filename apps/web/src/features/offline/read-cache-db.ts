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

const storeName = 'answers';

export function readCacheDatabaseName(username: string): string {
  return `bauakte-read-cache-${encodeURIComponent(username.toLowerCase())}`;
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}

export interface ReadCacheDatabase {
  readAll(): Promise<StoredAnswer[]>;
  write(answer: StoredAnswer): Promise<void>;
  remove(queryHashes: string[]): Promise<void>;
  close(): void;
}

/** Opens (creating on first use) the user's database. */
export async function openReadCacheDatabase(username: string): Promise<ReadCacheDatabase> {
  const request = indexedDB.open(readCacheDatabaseName(username), 1);
  request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'queryHash' });
  const db = await requestResult(request);
  // Another tab deleting this user's data (a logout there) must not wait for this one to close.
  db.onversionchange = () => db.close();
  const store = (mode: IDBTransactionMode) => db.transaction(storeName, mode).objectStore(storeName);
  return {
    readAll: () => requestResult(store('readonly').getAll() as IDBRequest<StoredAnswer[]>),
    write: async (answer) => {
      await requestResult(store('readwrite').put(answer));
    },
    remove: async (queryHashes) => {
      const answers = store('readwrite');
      await Promise.all(queryHashes.map((hash) => requestResult(answers.delete(hash))));
    },
    close: () => db.close(),
  };
}

/** Deletes the user's database; resolves also when it never existed. */
export function deleteReadCacheDatabase(username: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(readCacheDatabaseName(username));
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}
