import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdKeyForTest } from './device-crypto';
import { keepPlanPage, keptPagesAddress, planPagesCacheName, recallKeptPlanPage, recallLinkedPageEarly, recallPlanPage, removePlanPages } from './read-cache-pages';
import { setPictureUser } from './read-cache-pictures';
import { removeReadCache } from './read-cache';

/** Cache Storage as the browser keeps it, in memory: entries by path, bodies as bytes. */
function fakeCacheStorage() {
  const stores = new Map<string, Map<string, ArrayBuffer>>();
  const open = async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, ArrayBuffer>();
    stores.set(name, entries);
    const pathOf = (request: Request) => new URL(request.url, 'http://localhost').pathname;
    return {
      match: async (request: Request) => {
        const body = entries.get(pathOf(request));
        return body ? new Response(new Uint8Array(body.slice(0))) : undefined;
      },
      put: async (request: Request, response: Response) => void entries.set(pathOf(request), await response.arrayBuffer()),
      keys: async () => [...entries.keys()].map((path) => new Request(`http://localhost${path}`)),
      delete: async (request: Request) => entries.delete(pathOf(request)),
    };
  };
  return { stores, storage: { open, delete: async (name: string) => stores.delete(name), keys: async () => [...stores.keys()] } };
}

const pageImage = new TextEncoder().encode('RIFF WEBP Grundriss OG Seite 2');
const newKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
const src = '/api/s3/download/7/12/pages/3?signature=x&page=2&width=960';
let fake: ReturnType<typeof fakeCacheStorage>;

beforeEach(async () => {
  fake = fakeCacheStorage();
  vi.stubGlobal('caches', fake.storage);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(pageImage.slice(0), { status: 200 })));
  holdKeyForTest('mara', await newKey());
  setPictureUser('mara');
});
afterEach(() => {
  setPictureUser(undefined);
  holdKeyForTest('mara', undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('kept plan pages', () => {
  it('are kept encrypted by plan version and page, and found by the viewer at any width', async () => {
    const bytes = await keepPlanPage('mara', '12-1', 2, src);
    expect(bytes).toBeGreaterThan(pageImage.byteLength);
    const [entry] = [...fake.stores.get(planPagesCacheName('mara'))!.values()];
    expect(new TextDecoder().decode(entry)).not.toContain('Grundriss');
    const recalled = await recallKeptPlanPage('12-1', 2);
    expect(new TextDecoder().decode(await recalled!.arrayBuffer())).toContain('Grundriss OG Seite 2');
    expect(await recallPlanPage('mara', '12-1', 3)).toBeUndefined();
    // The kept file list's pages link names no data, only the version the pages are filed under.
    expect(keptPagesAddress('12-1')).toBe('/offline-pages/12-1?kept=1');
  });

  it('of a plan link opened without a connection are read at once, and the viewer takes the page without reading the device again', async () => {
    await keepPlanPage('mara', '12-1', 2, src);
    await recallLinkedPageEarly('mara', '12', 2);
    const opened = vi.spyOn(fake.storage, 'open');
    const recalled = await recallKeptPlanPage('12-1', 2);
    expect(new TextDecoder().decode(await recalled!.arrayBuffer())).toContain('Grundriss OG Seite 2');
    expect(opened).not.toHaveBeenCalled();
    // Taken once: asked again, the viewer reads the device.
    expect(await recallKeptPlanPage('12-1', 2)).toBeDefined();
    expect(opened).toHaveBeenCalled();
  });

  it('read early serve no other page or version, and go at logout', async () => {
    await keepPlanPage('mara', '12-1', 2, src);
    await recallLinkedPageEarly('mara', '12', 2);
    // The file list names version 2 of the plan: not the page read early.
    expect(await recallKeptPlanPage('12-2', 2)).toBeUndefined();
    await recallLinkedPageEarly('mara', '12', 2);
    await removeReadCache('mara');
    holdKeyForTest('mara', await newKey());
    expect(await recallKeptPlanPage('12-1', 2)).toBeUndefined();
  });

  it('keeps nothing without the user’s device key', async () => {
    holdKeyForTest('mara', undefined);
    expect(await keepPlanPage('mara', '12-1', 2, src)).toBe(0);
    expect(fake.stores.get(planPagesCacheName('mara'))?.size ?? 0).toBe(0);
  });

  it('asks again after the server’s Retry-After when it has no render budget left', async () => {
    vi.useFakeTimers();
    const answers = [new Response('', { status: 429, headers: { 'retry-after': '2' } }), new Response(pageImage.slice(0), { status: 200 })];
    const fetched = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetched);
    const kept = keepPlanPage('mara', '12-1', 2, src);
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await kept).toBeGreaterThan(0);
    expect(fetched).toHaveBeenCalledTimes(2);
  });

  it('are removed by plan version, and all of them at logout', async () => {
    await keepPlanPage('mara', '12-1', 1, src);
    await keepPlanPage('mara', '12-1', 2, src);
    await keepPlanPage('mara', '15-2', 1, src);
    await removePlanPages('mara', ['12-1']);
    expect([...fake.stores.get(planPagesCacheName('mara'))!.keys()]).toEqual(['/offline-pages/15-2/1']);
    await removeReadCache('mara');
    expect(fake.stores.has(planPagesCacheName('mara'))).toBe(false);
  });
});
