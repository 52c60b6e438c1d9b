import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../lib/api';
import { adminKeys, chatKeys, customerKeys, fileKeys, pinKeys, projectKeys, questionnaireKeys, offlineKeys } from '../../lib/query-keys';
import { removeUserData } from '../../lib/user-data';
import { offlineBannerText } from './offline-banner-time';
import { openDB } from 'idb';
import { openReadCacheDatabase, readCacheDatabaseName } from './read-cache-db';
import { holdKeyForTest } from './device-crypto';
import { isConnectionLost, isReadCached, keptAnswer, readCacheLimits, readCacheLoaded, readKeptAnswersEarly, shownDataTime, startReadCache, subscribeReadCacheLoaded, withinBounds } from './read-cache';

const stepKey = questionnaireKeys.step('7', 'general');
const answers = { answers: { constructionYear: 1962 }, version: 3 };
const noConnection = () => Promise.reject(new NetworkError(new TypeError('Failed to fetch')));
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Each user's device key on this browser, as the server gives it at their login. */
const newKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
const keys: Record<string, CryptoKey> = { mara: await newKey(), fritz: await newKey() };
const keyOf = (username: string) => keys[username.toLowerCase()]!;

const stops: Array<() => void> = [];
/** The user logs in: their key is held, and the shell starts their read cache. */
function start(client: QueryClient, username: string): void {
  holdKeyForTest(username, keyOf(username));
  stops.push(startReadCache(client, username));
}
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await removeUserData('mara');
  await removeUserData('fritz');
});

async function storedKeys(username: string): Promise<unknown[]> {
  const db = await openReadCacheDatabase(username, keyOf(username));
  const all = await db.readAll();
  db.close();
  return all.map((answer) => answer.queryKey);
}

/** Mara answers step 1 online and looks at a customer list, which is not kept. */
async function maraWasOnline(): Promise<number> {
  const client = newClient();
  start(client, 'Mara');
  await client.fetchQuery({ queryKey: stepKey, queryFn: async () => answers });
  await client.fetchQuery({ queryKey: customerKeys.list('mara'), queryFn: async () => [{ username: 'kunde' }] });
  await vi.waitFor(async () => expect(await storedKeys('mara')).toHaveLength(1));
  return client.getQueryState(stepKey)!.dataUpdatedAt;
}

describe('what the read cache keeps', () => {
  it('keeps the lists, overview, questionnaire, files and chats a user needs on site', () => {
    for (const key of [
      projectKeys.client('mara'),
      projectKeys.list('mara'),
      projectKeys.news('mara'),
      projectKeys.detail('7'),
      questionnaireKeys.step('7', 'heating'),
      questionnaireKeys.record('7'),
      fileKeys.list('7'),
      chatKeys.conversations('mara'),
      ['dashboardLayout', 'client'],
      // What a project made available offline adds.
      pinKeys.file('7', 3),
      projectKeys.changes('7'),
      fileKeys.questionPhotos('7'),
      chatKeys.latest('mara', 4),
      offlineKeys.project('mara', '7'),
      // The open items, on site too.
      pinKeys.photos('7'),
      pinKeys.followUps('7'),
      pinKeys.openItemsFiltered('7', { status: 'UNERLEDIGT' }),
      pinKeys.counts,
      pinKeys.mine,
      // Whom an item may be assigned to, for 'Zuordnen' offline.
      pinKeys.assignees('7'),
    ]) {
      expect(isReadCached(key), JSON.stringify(key)).toBe(true);
    }
  });

  it('keeps nothing else: admin and customer lists, versions, searches, unread counts', () => {
    for (const key of [
      adminKeys.users,
      customerKeys.list('mara'),
      fileKeys.versions('7', 3),
      projectKeys.search('mara', {}),
      chatKeys.unread,
      chatKeys.partners,
      ['profile', 'mara'],
    ]) {
      expect(isReadCached(key), JSON.stringify(key)).toBe(false);
    }
  });

  it("keeps the answers a page's start fetched before the read cache began", async () => {
    const client = newClient();
    await client.fetchQuery({ queryKey: projectKeys.detail('7'), queryFn: async () => ({ id: 7, name: 'Sanierung' }) });
    await client.fetchQuery({ queryKey: customerKeys.list('mara'), queryFn: async () => [] });
    start(client, 'Mara');
    await vi.waitFor(async () => expect(await storedKeys('mara')).toEqual([projectKeys.detail('7')]));
  });

  it('writes only the kept answers to the device', async () => {
    await maraWasOnline();
    expect(await storedKeys('mara')).toEqual([stepKey]);
  });
});

describe('signed links', () => {
  const signed = (path: string) => `${path}?expires=1790000000&signature=abc_DEF-123`;
  const energieausweis = {
    id: 12,
    version: 1,
    name: 'Energieausweis',
    originalName: 'Energieausweis.pdf',
    url: signed('/api/s3/download/7/12'),
    thumbnailUrl: signed('/api/s3/download/7/12/thumbnail'),
    pageCount: 3,
    pagesUrl: signed('/api/s3/download/7/12/pages'),
  };
  const storedAnswers = async (username: string) => {
    const db = await openReadCacheDatabase(username, keyOf(username));
    const all = await db.readAll();
    db.close();
    return all;
  };

  it('are never written to the device: a kept file list has no download link, only the kept picture', async () => {
    const client = newClient();
    start(client, 'mara');
    await client.fetchQuery({ queryKey: fileKeys.list('7'), queryFn: async () => [energieausweis] });
    await client.fetchQuery({ queryKey: projectKeys.detail('7'), queryFn: async () => ({ id: 7, cover: signed('/api/s3/download/7/3') }) });
    await vi.waitFor(async () => expect(await storedAnswers('mara')).toHaveLength(2));
    const kept = JSON.stringify(await storedAnswers('mara'));
    expect(kept).not.toContain('signature=');
    const [file] = (await storedAnswers('mara')).find((answer) => answer.queryKey[0] === 'files')!.data as Array<Record<string, unknown>>;
    expect(file).toMatchObject({ id: 12, name: 'Energieausweis', url: '', thumbnailUrl: '/offline-pictures/12-1', pagesUrl: '/offline-pages/12-1?kept=1' });
    // The page online still has its links.
    expect(client.getQueryData<Array<typeof energieausweis>>(fileKeys.list('7'))?.[0]?.url).toBe(energieausweis.url);
  });

  it('are not shown offline either', async () => {
    const first = newClient();
    start(first, 'mara');
    await first.fetchQuery({ queryKey: fileKeys.list('7'), queryFn: async () => [energieausweis] });
    await vi.waitFor(async () => expect(await storedAnswers('mara')).toHaveLength(1));
    const client = newClient();
    start(client, 'mara');
    await client.fetchQuery({ queryKey: fileKeys.list('7'), queryFn: noConnection }).catch(() => undefined);
    await vi.waitFor(() => expect(client.getQueryData(fileKeys.list('7'))).toBeDefined());
    expect(JSON.stringify(client.getQueryData(fileKeys.list('7')))).not.toContain('signature=');
  });
});

describe('how much a device keeps', () => {
  const day = 24 * 60 * 60 * 1000;
  const answerFrom = (index: number, dataUpdatedAt: number) => ({ queryHash: `q${index}`, queryKey: ['projects', 'detail', String(index)], data: {}, dataUpdatedAt });

  it('drops answers older than a month', () => {
    const now = Date.parse('2026-11-27T09:00:00Z');
    const { kept, dropped } = withinBounds([answerFrom(1, now - day), answerFrom(2, now - 31 * day)], now);
    expect(kept.map((answer) => answer.queryHash)).toEqual(['q1']);
    expect(dropped.map((answer) => answer.queryHash)).toEqual(['q2']);
  });

  it('keeps the newest answers up to the limit', () => {
    const now = Date.parse('2026-11-27T09:00:00Z');
    const answers = Array.from({ length: readCacheLimits.maxAnswers + 5 }, (_, index) => answerFrom(index, now - index * 1000));
    const { kept, dropped } = withinBounds(answers, now);
    expect(kept).toHaveLength(readCacheLimits.maxAnswers);
    expect(dropped.map((answer) => answer.queryHash)).toEqual(['q400', 'q401', 'q402', 'q403', 'q404']);
  });
});

describe('reading offline', () => {
  it('shows the stored answer, with the time it was fetched, when a query finds no connection', async () => {
    const fetchedAt = await maraWasOnline();
    const client = newClient();
    start(client, 'mara');
    await client.fetchQuery({ queryKey: stepKey, queryFn: noConnection }).catch(() => undefined);
    await vi.waitFor(() => expect(client.getQueryData(stepKey)).toEqual(answers));
    expect(client.getQueryState(stepKey)?.dataUpdatedAt).toBe(fetchedAt);
    expect(shownDataTime(client)).toBe(fetchedAt);
  });

  it('shows the stored answer at the first try that finds no connection, not only after the retry', async () => {
    await maraWasOnline();
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1, retryDelay: 3_600_000 } } });
    start(client, 'mara');
    void client.fetchQuery({ queryKey: stepKey, queryFn: noConnection }).catch(() => undefined);
    await vi.waitFor(() => expect(client.getQueryData(stepKey)).toEqual(answers));
    // The retry still waits its hour: the stored answer came at the first failure.
    expect(client.getQueryState(stepKey)?.fetchFailureCount).toBe(1);
    await client.cancelQueries({ queryKey: stepKey });
  });

  describe('at a start without a connection, read while the page\'s code loads', () => {
    /** Everything the promises already under way do, without a timer's task: the cache's own read waits for one. */
    const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
    afterEach(() => vi.useRealTimers());

    it('shows the kept answers as the cache starts, before its own read of the device', async () => {
      await maraWasOnline();
      holdKeyForTest('mara', keyOf('mara'));
      await readKeptAnswersEarly('mara');
      // The cache's own read runs in a task of its own: held back here, so only the early read can show the answer.
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      const client = newClient();
      stops.push(startReadCache(client, 'mara'));
      void client.fetchQuery({ queryKey: stepKey, queryFn: noConnection }).catch(() => undefined);
      for (let round = 0; round < 5; round++) await settle();
      expect(client.getQueryData(stepKey)).toEqual(answers);
    });

    /** Starts the user's cache offline and asks for step 1: what it shows without the cache's own read. */
    async function shownWithoutOwnRead(username: string): Promise<unknown> {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      holdKeyForTest(username, keyOf(username));
      const client = newClient();
      stops.push(startReadCache(client, username));
      void client.fetchQuery({ queryKey: stepKey, queryFn: noConnection }).catch(() => undefined);
      for (let round = 0; round < 5; round++) await settle();
      return client.getQueryData(stepKey);
    }

    it('gives them to no other user', async () => {
      await maraWasOnline();
      holdKeyForTest('mara', keyOf('mara'));
      await readKeptAnswersEarly('mara');
      expect(await shownWithoutOwnRead('fritz')).toBeUndefined();
    });

    it('drops them at a logout', async () => {
      await maraWasOnline();
      holdKeyForTest('mara', keyOf('mara'));
      await readKeptAnswersEarly('mara');
      await removeUserData('mara');
      expect(await shownWithoutOwnRead('mara')).toBeUndefined();
    });
  });

  it('notices a lost connection by failed requests, also when the browser believes it is online', async () => {
    const client = newClient();
    start(client, 'mara');
    await client.fetchQuery({ queryKey: projectKeys.detail('7'), queryFn: noConnection }).catch(() => undefined);
    expect(isConnectionLost()).toBe(true);
    await client.fetchQuery({ queryKey: projectKeys.detail('7'), queryFn: async () => ({ id: 7 }) });
    expect(isConnectionLost()).toBe(false);
  });

  it('keeps showing an answer whose refetch finds no connection, instead of an error', async () => {
    const client = newClient();
    start(client, 'mara');
    await client.fetchQuery({ queryKey: stepKey, queryFn: async () => answers });
    const fetchedAt = client.getQueryState(stepKey)!.dataUpdatedAt;
    await client.fetchQuery({ queryKey: stepKey, queryFn: noConnection, staleTime: 0 }).catch(() => undefined);
    await vi.waitFor(() => expect(client.getQueryState(stepKey)?.status).toBe('success'));
    expect(client.getQueryData(stepKey)).toEqual(answers);
    expect(client.getQueryState(stepKey)?.dataUpdatedAt).toBe(fetchedAt);
    expect(isConnectionLost()).toBe(true);
  });

  it('tells a page what it keeps for a key once read from the device, so a choice offline need not wait', async () => {
    await maraWasOnline();
    const client = newClient();
    start(client, 'mara');
    expect(readCacheLoaded()).toBe(false);
    const loaded = new Promise<void>((resolve) => subscribeReadCacheLoaded(() => readCacheLoaded() && resolve()));
    await loaded;
    expect(keptAnswer(stepKey)).toEqual(answers);
    expect(keptAnswer(questionnaireKeys.record('7'))).toBeUndefined();
    // Never what is not read-cached, even when held.
    expect(keptAnswer(customerKeys.list('mara'))).toBeUndefined();
  });

  it('never shows a stored answer over a fresh one', async () => {
    await maraWasOnline();
    const client = newClient();
    start(client, 'mara');
    const fresh = { answers: { constructionYear: 1975 }, version: 4 };
    await client.fetchQuery({ queryKey: stepKey, queryFn: async () => fresh });
    // What the device keeps is read: a stored answer would have been shown by now.
    await vi.waitFor(() => expect(readCacheLoaded()).toBe(true));
    expect(client.getQueryData(stepKey)).toEqual(fresh);
  });

  it('never shows one user what another user kept on the same browser', async () => {
    await maraWasOnline();
    const client = newClient();
    start(client, 'fritz');
    await client.fetchQuery({ queryKey: stepKey, queryFn: noConnection }).catch(() => undefined);
    // What the device keeps is read: a stored answer would have been shown by now.
    await vi.waitFor(() => expect(readCacheLoaded()).toBe(true));
    expect(client.getQueryData(stepKey)).toBeUndefined();
    expect(await storedKeys('fritz')).toEqual([]);
  });

  it('keeps no answer in clear on the device, and drops what another key or a damage left there', async () => {
    const client = newClient();
    start(client, 'mara');
    const address = { projectId: '7', address: 'Kellergasse 12, 3400 Klosterneuburg' };
    await client.fetchQuery({ queryKey: projectKeys.detail('7'), queryFn: async () => address });
    await client.fetchQuery({ queryKey: stepKey, queryFn: async () => answers });
    await vi.waitFor(async () => expect(await storedKeys('mara')).toHaveLength(2));

    const raw = await openDB(readCacheDatabaseName('mara'));
    const records: Array<Record<string, unknown>> = await raw.getAll('answers');
    // A plain record from before encryption, and one damaged.
    await raw.put('answers', { queryHash: 'alt', queryKey: ['projects', 'detail', '8'], data: { address: 'Hauptplatz 1' }, dataUpdatedAt: Date.now() });
    await raw.put('answers', { ...records[0]!, queryHash: 'kaputt', ciphertext: new ArrayBuffer(40) });
    raw.close();
    const asText = JSON.stringify(records, (_key, value: unknown) => (value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? new TextDecoder().decode(value) : value));
    expect(asText).not.toContain('Kellergasse');
    expect(asText).not.toContain('1962');
    expect(asText).not.toContain('questionnaire');
    expect(Object.keys(records[0]!).sort()).toEqual(['ciphertext', 'dataUpdatedAt', 'iv', 'queryHash']);

    // Another key (another user's, or this one's on another device) reads nothing.
    const elsewhere = await openReadCacheDatabase('mara', await newKey());
    expect(await elsewhere.readAll()).toEqual([]);
    elsewhere.close();
    expect(await storedKeys('mara')).toEqual([]);
  });

  it('drops a plain or damaged answer unread and keeps the good ones', async () => {
    await maraWasOnline();
    const raw = await openDB(readCacheDatabaseName('mara'));
    await raw.put('answers', { queryHash: 'alt', queryKey: ['projects', 'detail', '8'], data: { address: 'Hauptplatz 1' }, dataUpdatedAt: Date.now() });
    raw.close();
    expect(await storedKeys('mara')).toEqual([stepKey]);
    const check = await openDB(readCacheDatabaseName('mara'));
    const left = await check.getAllKeys('answers');
    check.close();
    expect(left).toHaveLength(1);
  });

  it('forgets everything of a user at their logout', async () => {
    await maraWasOnline();
    await removeUserData('Mara');
    expect(await storedKeys('mara')).toEqual([]);
    const client = newClient();
    start(client, 'mara');
    await client.fetchQuery({ queryKey: stepKey, queryFn: noConnection }).catch(() => undefined);
    // What the device keeps is read: a stored answer would have been shown by now.
    await vi.waitFor(() => expect(readCacheLoaded()).toBe(true));
    expect(client.getQueryData(stepKey)).toBeUndefined();
  });
});

describe('the offline banner', () => {
  const now = new Date('2026-11-27T09:00:00Z');

  it('names the time of data fetched today, in Vienna', () => {
    expect(offlineBannerText(Date.parse('2026-11-27T06:05:00Z'), now)).toBe('Offline — Stand von 07:05');
  });

  it('names the day too for older data', () => {
    expect(offlineBannerText(Date.parse('2026-11-26T13:32:00Z'), now)).toBe('Offline — Stand vom 26.11. 14:32');
  });

  it('says when nothing is kept on the device', () => {
    expect(offlineBannerText(undefined, now)).toBe('Offline — auf diesem Gerät ist noch nichts gespeichert');
  });
});
