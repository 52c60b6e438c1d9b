import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import { inTaskOfItsOwn } from '../../lib/after-paint';
import { NetworkError } from '../../lib/api';
import { chatKeys, dashboardLayoutKeys, fileKeys, projectKeys, questionnaireKeys } from '../../lib/query-keys';
import { onUserDataRemoval } from '../../lib/user-data';
import { deleteReadCacheDatabase, openReadCacheDatabase, type ReadCacheDatabase, type StoredAnswer } from './read-cache-db';
import { withoutSignedLinks } from './read-cache-links';
import { removeCachedPictures } from './read-cache-pictures';

type QueryKey = readonly unknown[];

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, index) => key[index] === part);
const shapedLike = (key: QueryKey, example: QueryKey, fixedParts: number) => key.length === example.length && startsWith(key, example.slice(0, fixedParts));

/**
 * The answers a user needs on site, by the shape of their query keys (lib/query-keys.ts): their
 * project lists and a project's overview, the questionnaire's steps and record, a project's file
 * list, their conversations with the messages of the chats they opened, and their dashboard's layout.
 * Nothing else is written to the device.
 */
const readCachedShapes: ReadonlyArray<(key: QueryKey) => boolean> = [
  (key) => shapedLike(key, projectKeys.client('u'), 2),
  (key) => shapedLike(key, projectKeys.list('u'), 2),
  (key) => shapedLike(key, projectKeys.news('u'), 2),
  (key) => shapedLike(key, projectKeys.detail('p'), 2),
  (key) => shapedLike(key, questionnaireKeys.step('p', 'general'), 1),
  (key) => shapedLike(key, fileKeys.list('p'), 2),
  (key) => shapedLike(key, chatKeys.conversations('u'), 2),
  (key) => shapedLike(key, dashboardLayoutKeys.of('client'), 1),
];

export function isReadCached(queryKey: QueryKey): boolean {
  return readCachedShapes.some((matches) => matches(queryKey));
}

/** How long and how many answers a device keeps for a user: a month's site visits, a few hundred screens. */
export const readCacheLimits = { maxAgeMs: 30 * 24 * 60 * 60 * 1000, maxAnswers: 400 } as const;

/** The newest answers within the limits, and those to delete. */
export function withinBounds(answers: StoredAnswer[], now: number): { kept: StoredAnswer[]; dropped: StoredAnswer[] } {
  const newestFirst = [...answers].sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt);
  const kept = newestFirst.filter((answer, index) => index < readCacheLimits.maxAnswers && now - answer.dataUpdatedAt <= readCacheLimits.maxAgeMs);
  const keptHashes = new Set(kept.map((answer) => answer.queryHash));
  return { kept, dropped: newestFirst.filter((answer) => !keptHashes.has(answer.queryHash)) };
}

/** A query that has nothing to show because there is no connection: offline it waits, or it failed without an answer. */
function waitsForNetwork(query: Query): boolean {
  if (query.state.data !== undefined) return false;
  return query.state.fetchStatus === 'paused' || (query.state.status === 'error' && query.state.error instanceof NetworkError);
}

/**
 * Whether the last answer the app waited for did not come for want of a connection. The browser's
 * online flag misses the cases where the device has a network but no way to the server (a captive
 * Wi-Fi, a dead zone with one bar); a request's NetworkError does not.
 */
let connectionLost = false;
const connectionListeners = new Set<() => void>();

function setConnectionLost(lost: boolean): void {
  if (connectionLost === lost) return;
  connectionLost = lost;
  for (const listener of connectionListeners) listener();
}

export function subscribeConnectionLost(onChange: () => void): () => void {
  connectionListeners.add(onChange);
  return () => connectionListeners.delete(onChange);
}

export const isConnectionLost = (): boolean => connectionLost;

/** A query with an answer whose refetch failed for want of a connection. */
function lostConnectionOver(query: Query): boolean {
  return query.state.data !== undefined && query.state.status === 'error' && query.state.error instanceof NetworkError;
}

interface ActiveReadCache {
  username: string;
  /** The answer kept on this device for a query key, without asking the server. */
  kept(queryKey: QueryKey): unknown;
  /** Whether the kept answers have been read from the device (or cannot be). */
  loaded(): boolean;
  stop(): void;
}

let active: ActiveReadCache | undefined;
const loadListeners = new Set<() => void>();
const toldLoaded = () => {
  for (const listener of loadListeners) listener();
};

/**
 * Keeps the logged-in user's read-cached answers on the device, and shows them when a query cannot
 * reach the server. Stored answers are never shown over a fresh one: a query that gets an answer
 * keeps it; only one that is offline or failed without an answer gets the stored one, with the time
 * the server gave it (for the banner's 'Stand von'). Returns the stop.
 */
export function startReadCache(client: QueryClient, username: string): () => void {
  active?.stop();
  const stored = new Map<string, StoredAnswer>();
  let db: ReadCacheDatabase | undefined;
  let stopped = false;
  let loaded = false;

  const showStored = (query: Query) => {
    const answer = stored.get(query.queryHash);
    if (!answer || !waitsForNetwork(query)) return;
    client.setQueryData(query.queryKey, answer.data, { updatedAt: answer.dataUpdatedAt });
  };
  const showStoredWherever = () => {
    for (const query of client.getQueryCache().getAll()) if (isReadCached(query.queryKey)) showStored(query);
  };
  // A page that shows an answer keeps showing it when a refetch finds no connection, instead of an error.
  const keepShowing = (query: Query) => {
    if (!lostConnectionOver(query)) return;
    client.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
  };
  const remember = (query: Query) => {
    const { data, dataUpdatedAt } = query.state;
    if (data === undefined || stored.get(query.queryHash)?.dataUpdatedAt === dataUpdatedAt) return;
    // Kept without signed links, in memory as on the device: a stored answer is shown offline only.
    const answer: StoredAnswer = { queryHash: query.queryHash, queryKey: query.queryKey, data: withoutSignedLinks(data), dataUpdatedAt };
    stored.set(query.queryHash, answer);
    void opened.then(() => db?.write(answer)).catch(() => undefined);
  };

  const opened = new Promise<void>((resolve) => inTaskOfItsOwn(resolve)).then(async () => {
    const database = await openReadCacheDatabase(username);
    if (stopped) return database.close();
    db = database;
    const { kept, dropped } = withinBounds(await database.readAll(), Date.now());
    for (const answer of kept) if (!stored.has(answer.queryHash)) stored.set(answer.queryHash, answer);
    void database.remove(dropped.map((answer) => answer.queryHash)).catch(() => undefined);
    showStoredWherever();
  });
  // A browser without IndexedDB (a private window in some browsers) simply has no read cache.
  void opened
    .catch(() => undefined)
    .then(() => {
      loaded = true;
      toldLoaded();
    });

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') setConnectionLost(event.action.error instanceof NetworkError);
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) setConnectionLost(false);
    if ((event.type !== 'added' && event.type !== 'updated') || !isReadCached(event.query.queryKey)) return;
    const { query } = event;
    if (event.type === 'updated' && event.action.type === 'success') remember(query);
    // Outside the cache's notification, which must not be re-entered.
    else if (waitsForNetwork(query)) queueMicrotask(() => showStored(query));
    else if (lostConnectionOver(query)) queueMicrotask(() => keepShowing(query));
  });
  // A page's start asks for its first data before the shell starts this cache: those answers are kept too.
  for (const query of client.getQueryCache().getAll()) if (isReadCached(query.queryKey)) remember(query);

  const stop = () => {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    db?.close();
    if (active?.stop !== stop) return;
    active = undefined;
    toldLoaded();
  };
  const kept = (queryKey: QueryKey) => stored.get(hashKey(queryKey))?.data;
  active = { username: username.toLowerCase(), kept, loaded: () => loaded, stop };
  toldLoaded();
  return stop;
}

/**
 * The logged-in user's answer kept on this device for a read-cached query key, else undefined: for
 * a choice that must not wait for a connection (which step of the questionnaire opens offline).
 */
export function keptAnswer<T>(queryKey: QueryKey): T | undefined {
  return isReadCached(queryKey) ? (active?.kept(queryKey) as T | undefined) : undefined;
}

/** Whether what the device keeps is known: the kept answers are read, or nothing is kept (no user, no IndexedDB). */
export const readCacheLoaded = (): boolean => active?.loaded() ?? true;

export function subscribeReadCacheLoaded(onChange: () => void): () => void {
  loadListeners.add(onChange);
  return () => loadListeners.delete(onChange);
}

/**
 * The time the answers on screen were fetched: the oldest of those shown (read-cached queries in
 * use), else the newest kept at all; undefined when nothing is kept.
 */
export function shownDataTime(client: QueryClient): number | undefined {
  const kept = client
    .getQueryCache()
    .getAll()
    .filter((query) => isReadCached(query.queryKey) && query.state.data !== undefined && query.state.dataUpdatedAt > 0);
  const shown = kept.filter((query) => query.getObserversCount() > 0);
  if (shown.length > 0) return Math.min(...shown.map((query) => query.state.dataUpdatedAt));
  return kept.length > 0 ? Math.max(...kept.map((query) => query.state.dataUpdatedAt)) : undefined;
}

/** A logout removes the user's stored answers and pictures (lib/user-data.ts). */
export async function removeReadCache(username: string): Promise<void> {
  if (active?.username === username.toLowerCase()) active.stop();
  await Promise.all([deleteReadCacheDatabase(username), removeCachedPictures(username)]);
}

onUserDataRemoval(removeReadCache);
