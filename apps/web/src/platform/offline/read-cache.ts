import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import { inTaskOfItsOwn } from '../../lib/after-paint';
import { NetworkError } from '../../lib/api';
import { chatKeys, dashboardLayoutKeys, fileKeys, offlineKeys, pinKeys, projectKeys, questionnaireKeys } from '../../lib/query-keys';
import { onUserDataRemoval } from '../../lib/user-data';
import { deleteReadCacheDatabase, openReadCacheDatabase, type ReadCacheDatabase, type StoredAnswer } from './read-cache-db';
import { withoutSignedLinks } from './read-cache-links';
import { removeAllPlanPages } from './read-cache-pages';
import { removeCachedPictures } from './read-cache-pictures';
import { currentDeviceKey, restoreDeviceKey, whenDeviceKey } from './device-crypto';

type QueryKey = readonly unknown[];

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, index) => key[index] === part);
/** Keys as long as the example that start with its first `fixedParts` parts (and pass `also`); made once, tested on every query event. */
function shape(example: QueryKey, fixedParts: number, also: (key: QueryKey) => boolean = () => true): (key: QueryKey) => boolean {
  const prefix = example.slice(0, fixedParts);
  return (key) => key.length === example.length && startsWith(key, prefix) && also(key);
}

/**
 * The answers a user needs on site, by the shape of their query keys (lib/query-keys.ts): their
 * project lists and a project's overview, the questionnaire's steps and record, a project's file
 * list, their conversations with the messages of the chats they opened, and their dashboard's layout;
 * for a project made available offline also its change log, its plans' pins, the questions' photos,
 * a chat's latest messages and what was kept of it (offlineKeys); the open items (their photos, the
 * follow-ups, the list 'Offene Punkte', the dashboards' counts and whom they may be assigned to).
 * Nothing else is written to the device.
 */
const readCachedShapes: ReadonlyArray<(key: QueryKey) => boolean> = [
  shape(projectKeys.client('u'), 2),
  shape(projectKeys.list('u'), 2),
  shape(projectKeys.news('u'), 2),
  shape(projectKeys.detail('p'), 2),
  shape(questionnaireKeys.step('p', 'general'), 1),
  shape(fileKeys.list('p'), 2),
  shape(fileKeys.questionPhotos('p'), 2),
  shape(projectKeys.changes('p'), 2),
  shape(pinKeys.file('p', 1), 1, (key) => typeof key[2] === 'number'),
  // The open items: a project's items' photos, its follow-ups, its list 'Offene Punkte' (the first page per filter), the dashboards' counts and own items.
  shape(pinKeys.photos('p'), 1, (key) => key[2] === 'photos'),
  shape(pinKeys.followUps('p'), 1, (key) => key[2] === 'follow-ups'),
  shape(pinKeys.openItemsFiltered('p', {}), 1, (key) => key[2] === 'open-items'),
  shape(pinKeys.counts, 2),
  shape(pinKeys.mine, 2),
  // Whom the project's items may be assigned to: an architect's 'Zuordnen' waits offline too.
  shape(pinKeys.assignees('p'), 1, (key) => key[2] === 'assignees'),
  shape(chatKeys.latest('u', 1), 2),
  shape(offlineKeys.project('u', 'p'), 2),
  shape(chatKeys.conversations('u'), 2),
  shape(dashboardLayoutKeys.of('client'), 1),
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
  if (query.state.fetchStatus === 'paused') return true;
  // Already at the first failed try: a page opened without a connection does not wait for the retry.
  const failure = query.state.status === 'error' ? query.state.error : query.state.fetchFailureReason;
  return failure instanceof NetworkError;
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
  /** Forgets the kept answers whose keys match, in memory and on the device. */
  forget(matches: (queryKey: QueryKey) => boolean): Promise<void>;
  /** Resolves once every answer kept so far is on the device. */
  written(): Promise<void>;
  /** Whether answers reach the device at all: the user's key is held and the database open. */
  onDevice(): boolean;
  /** The answer kept on this device for a query key, without asking the server. */
  kept(queryKey: QueryKey): unknown;
  /** Whether the kept answers have been read from the device (or cannot be). */
  loaded(): boolean;
  stop(): void;
}

/** What a start without a connection read of the user's kept answers before the shell started the cache; taken by it once. */
let early: { username: string; read: Promise<{ key: CryptoKey; answers: StoredAnswer[] } | undefined> } | undefined;

/**
 * A logged-in start without a connection: the user's kept answers are read at once, beside the
 * page's code, so the shell's read cache shows them as it starts instead of first opening the
 * database in a task of its own. The answers stay in memory only, for the cache to take; resolves
 * once they are read.
 */
export function readKeptAnswersEarly(username: string): Promise<void> {
  const read = (async () => {
    if (!(await restoreDeviceKey(username))) return undefined;
    const key = currentDeviceKey(username);
    if (!key) return undefined;
    const database = await openReadCacheDatabase(username, key);
    try {
      return { key, answers: withinBounds(await database.readAll(), Date.now()).kept };
    } finally {
      database.close();
    }
  })().catch(() => undefined);
  early = { username: username.toLowerCase(), read };
  return read.then(() => undefined);
}

/** The early read for this user, once; none for another user. */
function takeEarlyAnswers(username: string): typeof early {
  const taken = early;
  early = undefined;
  return taken?.username === username.toLowerCase() ? taken : undefined;
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
  const writing = new Set<Promise<void>>();

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
    const written = opened.then(() => db?.write(answer)).catch(() => undefined);
    writing.add(written);
    void written.finally(() => writing.delete(written));
  };

  // Answers a start read early are shown at once, if read with the key the user holds now.
  void takeEarlyAnswers(username)?.read.then((read) => {
    if (stopped || !read || currentDeviceKey(username) !== read.key) return;
    for (const answer of read.answers) if (!stored.has(answer.queryHash)) stored.set(answer.queryHash, answer);
    showStoredWherever();
  });

  // Nothing is read or written before the user's device key is held: the device keeps no plain answer.
  const opened = new Promise<void>((resolve) => inTaskOfItsOwn(resolve)).then(async () => {
    const key = await whenDeviceKey(username);
    // Without a key nothing is read or kept; the shell starts the cache again once one is held. A key
    // forgotten meanwhile means the session ends and the user's data is being removed: opening the
    // database now would make it anew.
    if (stopped || !key || currentDeviceKey(username) !== key) return;
    const database = await openReadCacheDatabase(username, key);
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
  const forget = async (matches: (queryKey: QueryKey) => boolean) => {
    const hashes = [...stored.values()].filter((answer) => matches(answer.queryKey)).map((answer) => answer.queryHash);
    for (const hash of hashes) stored.delete(hash);
    await opened.catch(() => undefined);
    await db?.remove(hashes);
  };
  const written = async () => {
    await opened.catch(() => undefined);
    await Promise.all([...writing]);
  };
  active = { username: username.toLowerCase(), kept, forget, written, onDevice: () => db !== undefined, loaded: () => loaded, stop };
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

/** Forgets the logged-in user's kept answers whose query keys match (a project's offline data removed). */
export async function forgetKeptAnswers(matches: (queryKey: QueryKey) => boolean): Promise<void> {
  await active?.forget(matches);
}

/**
 * Resolves once the answers kept so far are written to the device, and whether they could be (a
 * device key held, the database open): 'Offline verfügbar' is said only then, as a page closed at
 * once must not lose them.
 */
export async function keptAnswersWritten(): Promise<boolean> {
  if (!active) return false;
  await active.written();
  return active.onDevice();
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

/** A logout removes the user's stored answers, pictures and plan pages (lib/user-data.ts). */
export async function removeReadCache(username: string): Promise<void> {
  if (active?.username === username.toLowerCase()) active.stop();
  takeEarlyAnswers(username);
  await Promise.all([deleteReadCacheDatabase(username), removeCachedPictures(username), removeAllPlanPages(username)]);
}

onUserDataRemoval(removeReadCache);
