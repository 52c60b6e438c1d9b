import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { openJson, sealJson, type Sealed } from './device-crypto';

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

/**
 * An answer as the device keeps it: the query key and the data only inside the ciphertext (the
 * user's device key, `device-crypto.ts`); the hash to find it by and the time to bound the cache by
 * in clear.
 */
export interface SealedAnswer extends Sealed {
  /** SHA-256 of TanStack's hash (which is the query key as JSON): the record's key, naming nothing. */
  queryHash: string;
  dataUpdatedAt: number;
}

async function recordKey(queryHash: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(queryHash));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const storeName = 'answers' as const;

export function readCacheDatabaseName(username: string): string {
  return `bauakte-read-cache-${encodeURIComponent(username.toLowerCase())}`;
}

interface ReadCacheSchema extends DBSchema {
  answers: { key: string; value: SealedAnswer };
}

export interface ReadCacheDatabase {
  readAll(): Promise<StoredAnswer[]>;
  write(answer: StoredAnswer): Promise<void>;
  remove(queryHashes: string[]): Promise<void>;
  close(): void;
}

const isStoredContent = (value: unknown): value is { queryHash: string; queryKey: readonly unknown[]; data: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).queryHash === 'string' &&
  Array.isArray((value as Record<string, unknown>).queryKey) &&
  'data' in value;

async function opened(key: CryptoKey, record: SealedAnswer): Promise<StoredAnswer | undefined> {
  const content = await openJson(key, record);
  if (!isStoredContent(content) || (await recordKey(content.queryHash)) !== record.queryHash) return undefined;
  return { queryHash: content.queryHash, queryKey: content.queryKey, data: content.data, dataUpdatedAt: record.dataUpdatedAt };
}

/**
 * Opens (creating on first use) the user's database, through idb as the change queue does. Records
 * are sealed with the key on the way in and opened on the way out; one that does not open (another
 * key, damaged, or plain from before encryption: a cache, so nothing is lost) is deleted unread.
 */
export async function openReadCacheDatabase(username: string, key: CryptoKey): Promise<ReadCacheDatabase> {
  const db: IDBPDatabase<ReadCacheSchema> = await openDB<ReadCacheSchema>(readCacheDatabaseName(username), 1, {
    upgrade: (database) => void database.createObjectStore(storeName, { keyPath: 'queryHash' }),
    // Another tab deleting this user's data (a logout there) must not wait for this one to close.
    blocking: () => db.close(),
  });
  const removeRecords = async (recordKeys: string[]) => {
    const transaction = db.transaction(storeName, 'readwrite');
    await Promise.all([...recordKeys.map((hash) => transaction.store.delete(hash)), transaction.done]);
  };
  const remove = async (queryHashes: string[]) => removeRecords(await Promise.all(queryHashes.map(recordKey)));
  return {
    readAll: async () => {
      const records = await db.getAll(storeName);
      const answers = await Promise.all(records.map((record) => opened(key, record)));
      const unreadable = records.filter((_record, index) => answers[index] === undefined).map((record) => record.queryHash);
      if (unreadable.length > 0) await removeRecords(unreadable);
      return answers.filter((answer): answer is StoredAnswer => answer !== undefined);
    },
    write: async (answer) => {
      const sealed = await sealJson(key, { queryHash: answer.queryHash, queryKey: answer.queryKey, data: answer.data });
      await db.put(storeName, { queryHash: await recordKey(answer.queryHash), dataUpdatedAt: answer.dataUpdatedAt, iv: sealed.iv, ciphertext: sealed.ciphertext });
    },
    remove,
    close: () => db.close(),
  };
}

/** Deletes the user's database; resolves also when it never existed. */
export function deleteReadCacheDatabase(username: string): Promise<void> {
  return deleteDB(readCacheDatabaseName(username));
}
