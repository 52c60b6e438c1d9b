import { keptPictureUser } from './read-cache-pictures';
import { currentDeviceKey, joinSealed, openBytes, restoreDeviceKey, sealBytes, splitSealed, whenDeviceKey } from './device-crypto';

/**
 * The plan pages of the projects a user made available offline, kept in a Cache Storage of their own
 * ('bauakte-plan-pages-<username>'), encrypted with the user's device key as the thumbnails are
 * (IV and ciphertext as the entry's body). A page is filed by what it shows — the file's id and
 * version and the page — never by its signed link, which changes every few minutes; one width per
 * page, the one the viewer first asks for on this screen, so any width the viewer asks for offline
 * finds it.
 */
export function planPagesCacheName(username: string): string {
  return `bauakte-plan-pages-${encodeURIComponent(username.toLowerCase())}`;
}

/** Where the kept pages are filed in the user's Cache Storage: `<prefix><plan key>/<page>`. */
const pagePathPrefix = '/offline-pages/';

/** A plan version's pages as kept: `<file id>-<version>`. */
export const keptPlanKey = (file: { id: number; version: number }): string => `${file.id}-${file.version}`;

/**
 * The pages link a kept file list gives a plan with pages: no link to any data (the server answers
 * it with the app's page); the viewer's image fails, and it shows the kept page instead.
 */
export const keptPagesAddress = (planKey: string): string => `${pagePathPrefix}${encodeURIComponent(planKey)}?kept=1`;

const pageRequest = (planKey: string, page: number) => new Request(`${pagePathPrefix}${encodeURIComponent(planKey)}/${page}`);
const hasCacheStorage = () => typeof caches !== 'undefined';

/** How often a page the server has no budget for now (429: it renders so many a minute per user) is asked again, after its Retry-After. */
export const pageRetries = { times: 3, maxWaitSeconds: 60 } as const;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function fetchPage(src: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(src, { credentials: 'omit' });
    if (response.status !== 429 || attempt >= pageRetries.times) return response;
    const seconds = Number(response.headers.get('retry-after'));
    await wait(Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds : 5, pageRetries.maxWaitSeconds));
  }
}

/**
 * Fetches one page image and keeps it for the user, encrypted; resolves to the bytes it takes on the
 * device (0 when nothing was kept: no key, no Cache Storage, or the server refused).
 */
export async function keepPlanPage(username: string, planKey: string, page: number, src: string): Promise<number> {
  const deviceKey = currentDeviceKey(username);
  if (!deviceKey || !hasCacheStorage()) return 0;
  const response = await fetchPage(src);
  if (!response.ok) return 0;
  const sealed = joinSealed(await sealBytes(deviceKey, await response.arrayBuffer()));
  // Only if the user still holds the key: a logout in between has removed their pages.
  if (!currentDeviceKey(username)) return 0;
  const cache = await caches.open(planPagesCacheName(username));
  await cache.put(pageRequest(planKey, page), new Response(sealed as BodyInit, { headers: { 'content-type': 'application/octet-stream' } }));
  return sealed.byteLength;
}

/** The kept page, decrypted; one that does not decrypt (another key, damaged) is deleted. */
export async function recallPlanPage(username: string, planKey: string, page: number): Promise<Blob | undefined> {
  if (!hasCacheStorage()) return undefined;
  const deviceKey = await whenDeviceKey(username);
  if (!deviceKey) return undefined;
  const cache = await caches.open(planPagesCacheName(username));
  const kept = await cache.match(pageRequest(planKey, page));
  if (!kept) return undefined;
  const sealed = splitSealed(await kept.arrayBuffer());
  const bytes = sealed ? await openBytes(deviceKey, sealed) : undefined;
  if (bytes) return new Blob([bytes]);
  await cache.delete(pageRequest(planKey, page));
  return undefined;
}

/** A plan link's page read at a start without a connection, before the viewer asks for it; taken by the viewer once. */
let early: { username: string; page: number; found: Promise<{ planKey: string; blob: Blob } | undefined> } | undefined;

/** The one kept version of the file's page, if the device keeps exactly one. */
async function keptPlanKeyOf(username: string, fileId: string, page: number): Promise<string | undefined> {
  const cache = await caches.open(planPagesCacheName(username));
  const filePrefix = `${pagePathPrefix}${encodeURIComponent(`${fileId}-`)}`;
  const pageSuffix = `/${page}`;
  const paths = (await cache.keys()).map((request) => new URL(request.url).pathname).filter((path) => path.startsWith(filePrefix) && path.endsWith(pageSuffix));
  return paths.length === 1 ? decodeURIComponent(paths[0]!.slice(pagePathPrefix.length, -pageSuffix.length)) : undefined;
}

/**
 * A plan link opened without a connection: the kept page is read and decrypted at once, beside the
 * overview's and the viewer's code, instead of once the viewer stands. Kept in memory only, for
 * the viewer to take; resolves once it is read.
 */
export function recallLinkedPageEarly(username: string, fileId: string, page: number): Promise<void> {
  if (!hasCacheStorage()) return Promise.resolve();
  const found = (async () => {
    if (!(await restoreDeviceKey(username))) return undefined;
    const planKey = await keptPlanKeyOf(username, fileId, page);
    const blob = planKey ? await recallPlanPage(username, planKey, page) : undefined;
    return planKey && blob ? { planKey, blob } : undefined;
  })().catch(() => undefined);
  early = { username: username.toLowerCase(), page, found };
  return found.then(() => undefined);
}

/** The early read for this user and page, once. */
async function takeEarlyPage(username: string, planKey: string, page: number): Promise<Blob | undefined> {
  const taken = early;
  early = undefined;
  if (taken?.username !== username.toLowerCase() || taken.page !== page) return undefined;
  const found = await taken.found;
  return found?.planKey === planKey ? found.blob : undefined;
}

/** A kept page of the logged-in user (the shell's picture user), for the plan viewer offline. */
export async function recallKeptPlanPage(planKey: string, page: number): Promise<Blob | undefined> {
  const username = keptPictureUser();
  if (!username) return undefined;
  return (await takeEarlyPage(username, planKey, page)) ?? recallPlanPage(username, planKey, page);
}

/** Deletes the kept pages of these plan versions. */
export async function removePlanPages(username: string, planKeys: readonly string[]): Promise<void> {
  if (!hasCacheStorage() || planKeys.length === 0) return;
  const cache = await caches.open(planPagesCacheName(username));
  const prefixes = planKeys.map((key) => `${pagePathPrefix}${encodeURIComponent(key)}/`);
  const requests = await cache.keys();
  await Promise.all(requests.filter((request) => prefixes.some((prefix) => new URL(request.url).pathname.startsWith(prefix))).map((request) => cache.delete(request)));
}

/** A logout removes all of the user's kept pages. */
export async function removeAllPlanPages(username: string): Promise<void> {
  if (early?.username === username.toLowerCase()) early = undefined;
  if (!hasCacheStorage()) return;
  await caches.delete(planPagesCacheName(username));
}
