import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdKeyForTest } from './device-crypto';
import { keptPictureAddress, picturesCacheName, recallPicture, rememberPicture, removeCachedPictures, setPictureUser } from './read-cache-pictures';

/** Cache Storage as the browser keeps it, in memory: entries by URL, bodies as bytes. */
function fakeCacheStorage() {
  const stores = new Map<string, Map<string, ArrayBuffer>>();
  const open = async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, ArrayBuffer>();
    stores.set(name, entries);
    return {
      match: async (request: Request) => {
        const body = entries.get(new URL(request.url, 'http://localhost').pathname);
        return body ? new Response(new Uint8Array(body.slice(0))) : undefined;
      },
      put: async (request: Request, response: Response) => void entries.set(new URL(request.url, 'http://localhost').pathname, await response.arrayBuffer()),
      keys: async () => [...entries.keys()].map((path) => new Request(`http://localhost${path}`)),
      delete: async (request: Request) => entries.delete(new URL(request.url, 'http://localhost').pathname),
    };
  };
  return { stores, storage: { open, delete: async (name: string) => stores.delete(name), keys: async () => [...stores.keys()] } };
}

const picture = new TextEncoder().encode('\x89PNG IHDR Foto vom Kellerabgang');
const newKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
let fake: ReturnType<typeof fakeCacheStorage>;

beforeEach(() => {
  fake = fakeCacheStorage();
  vi.stubGlobal('caches', fake.storage);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(picture.slice(0), { status: 200, headers: { 'content-type': 'image/png' } })));
  setPictureUser('mara');
});
afterEach(async () => {
  await removeCachedPictures('mara');
  setPictureUser(undefined);
  holdKeyForTest('mara', undefined);
  vi.unstubAllGlobals();
});

describe('kept thumbnails', () => {
  it('are kept encrypted and shown decrypted', async () => {
    holdKeyForTest('mara', await newKey());
    await rememberPicture('12-1', '/api/s3/download/7/12/thumbnail?signature=x');
    const kept = fake.stores.get(picturesCacheName('mara'))!.get(keptPictureAddress('12-1'))!;
    expect(new TextDecoder().decode(kept)).not.toContain('Kellerabgang');
    expect(new TextDecoder().decode(kept)).not.toContain('PNG');
    const shown = await recallPicture('12-1');
    expect(new TextDecoder().decode(await shown!.arrayBuffer())).toBe(new TextDecoder().decode(picture));
  });

  it('are not kept at all while no key is held', async () => {
    await rememberPicture('12-1', '/api/s3/download/7/12/thumbnail?signature=x');
    expect(fake.stores.get(picturesCacheName('mara'))).toBeUndefined();
  });

  it('read with another key (or damaged) show nothing and are deleted', async () => {
    holdKeyForTest('mara', await newKey());
    await rememberPicture('12-1', '/api/s3/download/7/12/thumbnail?signature=x');
    holdKeyForTest('mara', await newKey());
    expect(await recallPicture('12-1')).toBeUndefined();
    expect(fake.stores.get(picturesCacheName('mara'))!.size).toBe(0);
  });
});
