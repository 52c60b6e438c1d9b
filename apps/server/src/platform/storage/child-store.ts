import type { Config } from '../../config';
import { createObjectStore } from './create-store';
import type { ObjectStore } from './object-store';

/** Where the project files are, as the server's configuration says: what a child process needs to open the same store. */
export type StoreConfig = Pick<Config, 's3' | 'dataDir'>;

const stores = new Map<string, ObjectStore>();

/** The store a child process reads project files from, opened once per configuration. */
export function storeOf(config: StoreConfig): ObjectStore {
  const name = JSON.stringify(config);
  const known = stores.get(name);
  if (known) return known;
  const store = createObjectStore(config);
  stores.set(name, store);
  return store;
}

/** An object's bytes, or undefined if there is no such object. */
export async function bytesOf(store: ObjectStore, key: string): Promise<Buffer | undefined> {
  const body = await store.get(key);
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
