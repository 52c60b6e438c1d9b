import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { isWellFormed, openQueueStore, queueLimits, QueueFullError, type QueuePayload, type QueueStore } from './queue-store';
import { syncQueue, type QueueSenders } from './queue-sync';
import { ApiError, NetworkError } from '../../lib/api';

let databaseCount = 0;
const opened: QueueStore[] = [];
/** Each test its own database, so none sees another's items. */
async function freshStore(name = `queue-test-${++databaseCount}`): Promise<QueueStore> {
  const store = await openQueueStore(name);
  opened.push(store);
  return store;
}

/** Writes a record straight into the queue's database, as anything else running in the browser could. */
async function plant(record: Record<string, unknown>, name = `queue-test-${databaseCount}`): Promise<void> {
  const db = await openDB(name);
  await db.add('items', record);
  db.close();
}
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

/** A device key as the server gives each user on this device: another user's is another. */
const newKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
const anna = { username: 'anna', userId: 1, key: await newKey() };
const bert = { username: 'bert', userId: 2, key: await newKey() };
const klient = { username: 'klient', userId: 5, key: await newKey() };

const chat = (message: string): QueuePayload => ({ kind: 'chat', chatId: 1, receiverUsername: 'architekt', message });
const step = (patch: Record<string, unknown>, baseVersion = '"v1"'): Extract<QueuePayload, { kind: 'step' }> => ({ kind: 'step', projectId: '7', step: 'general', patch, baseVersion });
const photo = (bytes: number): QueuePayload => ({ kind: 'upload', projectId: '7', fileName: 'Keller', comment: '', documentType: 'JPG', // Node's Blob: the test's IndexedDB clones values as Node does, which keeps only its own Blobs.
  file: new NodeBlob([new Uint8Array(bytes)], { type: 'image/jpeg' }) as unknown as Blob, originalName: 'keller.jpg' });

const messagesOf = (items: { payload: QueuePayload }[]) => items.map(({ payload }) => (payload.kind === 'chat' ? payload.message : payload.kind));

/** Senders that answer from a list of results, one per call, and remember what they sent. */
function scriptedSenders(results: (Error | undefined)[]): QueueSenders & { sent: QueuePayload[] } {
  const sent: QueuePayload[] = [];
  return {
    sent,
    send: async (payload) => {
      const result = results.shift();
      if (result) throw result;
      sent.push(payload);
    },
    conflictOf: (error) => (error instanceof ApiError && error.status === 409 ? { version: 2, savedAt: '2026-01-01T10:00:00.000Z', savedBy: { username: 'architekt', firstName: 'Anna', lastName: 'Bau' }, answers: {}, fields: ['buildingUsage'] } as never : undefined),
    reasonOf: (error) => (error instanceof ApiError ? (error.serverMessage ?? 'abgelehnt') : 'abgelehnt'),
  };
}

describe('the queue on the device', () => {
  it('keeps the items in the order they were made, with status waiting', async () => {
    const store = await freshStore();
    await store.add({ ...klient, username: 'Klient' }, chat('eins'));
    await store.add(klient, chat('zwei'));
    await store.add({ ...klient, username: 'KLIENT' }, chat('drei'));
    const items = await store.list(klient);
    expect(messagesOf(items)).toEqual(['eins', 'zwei', 'drei']);
    expect(items.every((item) => item.status === 'waiting')).toBe(true);
  });

  it('shows one user nothing of another user at the same browser, and a logout clears only its own', async () => {
    const store = await freshStore();
    await store.add(anna, chat('von Anna'));
    await store.add(bert, chat('von Bert'));
    expect(messagesOf(await store.list(bert))).toEqual(['von Bert']);
    await store.clear('Anna');
    expect(await store.list(anna)).toEqual([]);
    expect(messagesOf(await store.list(bert))).toEqual(['von Bert']);
  });

  it('keeps the items, a photo with its bytes, when the page is opened again', async () => {
    const first = await freshStore('queue-reopen');
    await first.add(anna, chat('vor dem Neuladen'));
    await first.add(anna, photo(1234));
    first.close();
    const again = await freshStore('queue-reopen');
    const items = await again.list(anna);
    expect(messagesOf(items)).toEqual(['vor dem Neuladen', 'upload']);
    const upload = items[1]?.payload;
    expect(upload?.kind === 'upload' ? upload.file.size : 0).toBe(1234);
  });

  it('keeps one queued save per step: a second save replaces it in its place, with the newer answers', async () => {
    const store = await freshStore();
    await store.putStep(anna, step({ buildingUsage: 'WOHNEN' }));
    await store.add(anna, chat('danach'));
    await store.putStep(anna, step({ buildingUsage: 'WOHNEN', constructionYear: 1960 }));
    const items = await store.list(anna);
    expect(messagesOf(items)).toEqual(['step', 'danach']);
    expect(items[0]?.payload).toMatchObject({ patch: { constructionYear: 1960 }, baseVersion: '"v1"' });
  });

  it('refuses a file over the bound and a queue that would grow past its total', async () => {
    const store = await freshStore();
    await expect(store.add(anna, photo(queueLimits.fileBytes + 1))).rejects.toBeInstanceOf(QueueFullError);
    const original = queueLimits.totalBytes;
    queueLimits.totalBytes = 5_000;
    try {
      await store.add(anna, photo(3_000));
      await expect(store.add(anna, photo(3_000))).rejects.toMatchObject({ reason: 'total' });
      // Another user's room is their own.
      await expect(store.add(bert, photo(3_000))).resolves.toMatchObject({ status: 'waiting' });
    } finally {
      queueLimits.totalBytes = original;
    }
  });

  it('counts a pin\'s photo against the bounds as an upload\'s file', async () => {
    const store = await freshStore();
    const pinWithPhoto = (bytes: number): QueuePayload => ({
      kind: 'pin', projectId: '7', fileId: 34, planName: 'Grundriss EG', page: 1, x: 0.5, y: 0.5, comment: 'Riss',
      photo: { file: new NodeBlob([new Uint8Array(bytes)], { type: 'image/jpeg' }) as unknown as Blob, name: 'riss.jpg', title: 'Foto zu Markierung 1 – Grundriss EG' },
      photoFileId: null,
    });
    await expect(store.add(anna, pinWithPhoto(queueLimits.fileBytes + 1))).rejects.toMatchObject({ reason: 'file' });
    const original = queueLimits.totalBytes;
    queueLimits.totalBytes = 5_000;
    try {
      const kept = await store.add(anna, pinWithPhoto(3_000));
      expect(kept.bytes).toBeGreaterThan(3_000);
      await expect(store.add(anna, pinWithPhoto(3_000))).rejects.toMatchObject({ reason: 'total' });
    } finally {
      queueLimits.totalBytes = original;
    }
  });
});

describe('sending the queue', () => {
  it('sends the waiting items in order, one at a time, and removes them', async () => {
    const store = await freshStore();
    await store.add(anna, chat('eins'));
    await store.add(anna, chat('zwei'));
    await store.add(bert, chat('nicht von Anna'));
    const senders = scriptedSenders([]);
    const outcome = await syncQueue(store, anna, senders);
    expect(outcome.kind).toBe('done');
    expect(messagesOf(senders.sent.map((payload) => ({ payload })))).toEqual(['eins', 'zwei']);
    expect(await store.list(anna)).toEqual([]);
    expect(await store.list(bert)).toHaveLength(1);
  });

  it('keeps a refused item with the server\'s reason and sends the ones after it', async () => {
    const store = await freshStore();
    await store.add(anna, chat('abgelehnt'));
    await store.add(anna, chat('geht durch'));
    const senders = scriptedSenders([new ApiError(404, 'Nicht gefunden.', 'NOT_FOUND')]);
    await syncQueue(store, anna, senders);
    const [kept, ...rest] = await store.list(anna);
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({ status: 'refused', reason: 'Nicht gefunden.' });
    // A refused item is not sent again by itself.
    const again = scriptedSenders([]);
    await syncQueue(store, anna, again);
    expect(again.sent).toEqual([]);
  });

  it('marks a step changed meanwhile as a conflict and does not send it again', async () => {
    const store = await freshStore();
    await store.putStep(anna, step({ buildingUsage: 'WOHNEN' }));
    const kept: string[] = [];
    await syncQueue(store, anna, scriptedSenders([new ApiError(409, 'Geändert', 'CONFLICT')]), { onKept: (_item, status) => kept.push(status) });
    // The person hears of it: the page tells them where to choose.
    expect(kept).toEqual(['conflict']);
    const [item] = await store.list(anna);
    expect(item).toMatchObject({ status: 'conflict', conflict: { fields: ['buildingUsage'] } });
  });

  it('stops at a refused session and keeps everything for the same user\'s next login', async () => {
    const store = await freshStore();
    await store.add(anna, chat('eins'));
    await store.add(anna, chat('zwei'));
    const senders = scriptedSenders([new ApiError(401, 'Bitte melden Sie sich an.', 'UNAUTHENTICATED')]);
    expect((await syncQueue(store, anna, senders)).kind).toBe('unauthorized');
    expect(senders.sent).toEqual([]);
    const items = await store.list(anna);
    expect(items.map((item) => item.status)).toEqual(['waiting', 'waiting']);
  });

  it('waits as the server asks (429, 503) and when there is no answer, keeping the item waiting', async () => {
    const store = await freshStore();
    await store.add(anna, chat('eins'));
    const busy = await syncQueue(store, anna, scriptedSenders([new ApiError(429, 'Zu viele Anfragen.', 'TOO_MANY_REQUESTS', [], 30)]));
    expect(busy).toMatchObject({ kind: 'later', retryAfterSeconds: 30 });
    expect((await syncQueue(store, anna, scriptedSenders([new ApiError(503, 'Nicht verfügbar', 'SERVICE_UNAVAILABLE')]))).kind).toBe('later');
    expect((await syncQueue(store, anna, scriptedSenders([new NetworkError(new Error('offline'))]))).kind).toBe('offline');
    expect((await store.list(anna)).map((item) => item.status)).toEqual(['waiting']);
    const senders = scriptedSenders([]);
    expect((await syncQueue(store, anna, senders)).kind).toBe('done');
    expect(senders.sent).toHaveLength(1);
  });
});

describe('whose changes are sent', () => {
  it('sends an item only under the session of the account that made it, and shows it to no one else', async () => {
    const store = await freshStore();
    await store.add(anna, chat('von Anna'));
    // Someone else at this browser plants a change under Bert's name, and one of an earlier account named Anna.
    await plant({ user: 'bert', userId: 2, createdAt: '2026-11-27T08:00:00.000Z', status: 'waiting', bytes: 10, payload: chat('untergeschoben von Anna') });
    await plant({ user: 'anna', userId: 99, createdAt: '2026-11-27T08:00:00.000Z', status: 'waiting', bytes: 10, payload: chat('altes Konto') });
    expect(messagesOf(await store.list(anna))).toEqual(['von Anna']);

    const senders = scriptedSenders([]);
    await syncQueue(store, anna, senders);
    expect(messagesOf(senders.sent.map((payload) => ({ payload })))).toEqual(['von Anna']);
    // Left untouched: still waiting, for their own owner.
    expect((await store.list(bert)).map((item) => item.status)).toEqual(['waiting']);
    expect(await store.list({ username: 'anna', userId: 99, key: await newKey() })).toHaveLength(1);
  });

  it('marks each item with the account that queued it', async () => {
    const store = await freshStore();
    const item = await store.add({ ...anna, username: 'Anna' }, chat('eins'));
    expect(item).toMatchObject({ user: 'anna', userId: 1 });
  });
});

describe('an item that cannot be sent', () => {
  it('is refused with its reason and the changes behind it are sent: a damaged item on the device', async () => {
    const store = await freshStore();
    await plant({ user: 'anna', userId: 1, createdAt: '2026-11-27T08:00:00.000Z', status: 'waiting', bytes: 10, payload: { kind: 'upload', projectId: '7' } });
    await plant({ user: 'anna', createdAt: 'gestern', status: 'waiting', bytes: 10, payload: 'kaputt' });
    await store.add(anna, chat('danach'));
    const kept: string[] = [];
    const senders = scriptedSenders([]);
    const outcome = await syncQueue(store, anna, senders, { onKept: (_item, status) => kept.push(status) });

    expect(outcome.kind).toBe('done');
    expect(messagesOf(senders.sent.map((payload) => ({ payload })))).toEqual(['danach']);
    expect(kept).toEqual(['refused', 'refused']);
    const left = await store.list(anna);
    expect(left.map((item) => [item.status, item.reason])).toEqual([
      ['refused', 'Diese Änderung ist auf diesem Gerät unvollständig gespeichert und kann nicht übertragen werden. Bitte verwerfen Sie sie.'],
      ['refused', 'Diese Änderung ist auf diesem Gerät unvollständig gespeichert und kann nicht übertragen werden. Bitte verwerfen Sie sie.'],
    ]);
    // Discarded, it is gone.
    for (const item of left) await store.remove(item.id);
    expect(await store.list(anna)).toEqual([]);
  });

  it('is refused when its request cannot even be made, and the changes behind it are sent', async () => {
    const store = await freshStore();
    await store.add(anna, chat('geht nicht'));
    await store.add(anna, chat('geht'));
    const senders = scriptedSenders([new TypeError("Cannot read properties of undefined (reading 'type')")]);
    expect((await syncQueue(store, anna, senders)).kind).toBe('done');
    expect(messagesOf(senders.sent.map((payload) => ({ payload })))).toEqual(['geht']);
    expect(await store.list(anna)).toMatchObject([{ status: 'refused', reason: 'abgelehnt' }]);
  });
});

/** Everything the queue's database holds, as developer tools would show it: every string and the bytes as text. */
async function rawContents(name = `queue-test-${databaseCount}`): Promise<string> {
  const db = await openDB(name);
  const records: unknown[] = await db.getAll('items');
  db.close();
  const decoder = new TextDecoder('utf-8', { fatal: false });
  return JSON.stringify(records, (_key, value: unknown) => {
    if (value instanceof ArrayBuffer) return decoder.decode(value);
    if (ArrayBuffer.isView(value)) return decoder.decode(value);
    return value;
  });
}

describe('what the queue keeps on the device', () => {
  const address = 'Kellergasse 12, 3400 Klosterneuburg';

  it('holds no name, address, text or photo in clear, and the owner reads it all back', async () => {
    const store = await freshStore();
    await store.putStep(anna, step({ address, constructionYear: 1962 }));
    await store.add(anna, chat('Die Stiege im Keller ist morsch'));
    const photoBytes = new TextEncoder().encode('JFIF Foto vom Kellerabgang');
    await store.add(anna, { ...(photo(0) as Extract<QueuePayload, { kind: 'upload' }>), fileName: 'Kellerabgang', file: new NodeBlob([photoBytes], { type: 'image/jpeg' }) as unknown as Blob });

    const raw = await rawContents();
    for (const plain of ['Kellergasse', '1962', 'morsch', 'Kellerabgang', 'Foto vom', 'architekt', 'anna']) expect(raw).not.toContain(plain);

    const items = await store.list(anna);
    expect(items.map((item) => item.payload.kind)).toEqual(['step', 'chat', 'upload']);
    expect(items[0]!.payload).toMatchObject({ patch: { address, constructionYear: 1962 } });
    const upload = items[2]!.payload as Extract<QueuePayload, { kind: 'upload' }>;
    expect(new TextDecoder().decode(await upload.file.arrayBuffer())).toBe('JFIF Foto vom Kellerabgang');
    expect(upload.file.type).toBe('image/jpeg');
  });

  it('reads nothing with another key: such an item is deleted, never shown or sent', async () => {
    const store = await freshStore();
    await store.add(anna, chat('nur für Anna'));
    const annaElsewhere = { ...anna, key: await newKey() };
    expect(await store.list(annaElsewhere)).toEqual([]);
    const senders = scriptedSenders([]);
    await syncQueue(store, annaElsewhere, senders);
    expect(senders.sent).toEqual([]);
    expect(await store.list(anna)).toEqual([]);
  });

  it('seals an item kept in clear before encryption with the key at first, and loses nothing of it', async () => {
    const store = await freshStore();
    await plant({ user: 'anna', userId: 1, createdAt: '2026-11-27T08:00:00.000Z', status: 'waiting', bytes: 10, payload: chat('von früher') });
    expect(messagesOf(await store.list(anna))).toEqual(['von früher']);
    expect(await rawContents()).not.toContain('von früher');
    const senders = scriptedSenders([]);
    await syncQueue(store, anna, senders);
    expect(messagesOf(senders.sent.map((payload) => ({ payload })))).toEqual(['von früher']);
  });

  it('keeps a refusal\'s reason sealed as well, and a logout clears the sealed items', async () => {
    const store = await freshStore();
    await store.add(anna, chat('abgelehnt'));
    await syncQueue(store, anna, scriptedSenders([new ApiError(400, 'Der Empfänger Herr Huber ist unbekannt.', 'VALIDATION_FAILED')]));
    expect(await rawContents()).not.toContain('Huber');
    expect((await store.list(anna))[0]).toMatchObject({ status: 'refused' });
    await store.clear('Anna');
    expect(await store.list(anna)).toEqual([]);
  });
});

describe("a pin's change and deletion on the device", () => {
  const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };
  const change: QueuePayload = { kind: 'pinUpdate', ...item, x: 0.2, y: 0.8, comment: 'Riss bis zur Decke', photoFileId: null, version: 4, moved: true, commented: true };
  const deletion: QueuePayload = { kind: 'pinDelete', ...item, version: 4 };

  it('are kept sealed in order, read back whole and well-formed; one without its version is never sent', async () => {
    const store = await freshStore();
    await store.add(anna, change);
    await store.add(anna, deletion);
    expect(await rawContents()).not.toContain('Riss bis zur Decke');
    const items = await store.list(anna);
    expect(items.map((each) => each.payload)).toEqual([change, deletion]);
    expect(items.every(isWellFormed)).toBe(true);

    const { version: _dropped, ...withoutVersion } = deletion;
    expect(isWellFormed({ ...items[1]!, payload: withoutVersion as QueuePayload })).toBe(false);
    expect(isWellFormed({ ...items[0]!, payload: { ...change, moved: 'ja' } as unknown as QueuePayload })).toBe(false);
  });

  it('a later change of the same pin follows the version the sent one made, also on the device', async () => {
    const store = await freshStore();
    await store.add(anna, change);
    await store.add(anna, deletion);
    const senders: QueueSenders = {
      ...scriptedSenders([]),
      send: async (payload) => (payload.kind === 'pinUpdate' ? { version: 5 } : Promise.reject(new NetworkError('offline'))),
      rebase: (sent, answer, later) => (later.kind === 'pinDelete' && sent.kind === 'pinUpdate' ? { ...later, version: (answer as { version: number }).version } : undefined),
    };
    expect((await syncQueue(store, anna, senders)).kind).toBe('offline');
    expect((await store.list(anna)).map((each) => each.payload)).toEqual([{ ...deletion, version: 5 }]);
  });
});

describe("an item's assignment on the device", () => {
  const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };
  const assignment: QueuePayload = {
    kind: 'pinItem', ...item, itemKind: 'MANGEL', responsible: { username: 'klara', firstName: 'Klara', lastName: 'Kundin' }, dueDate: '2026-12-10', version: 4,
  };

  it('is kept sealed, read back whole and well-formed, with its version; one without it or with a kind unknown is never sent', async () => {
    const store = await freshStore();
    await store.add(anna, assignment);
    await store.add(anna, { ...assignment, responsible: null, dueDate: null });
    const raw = await rawContents();
    for (const plain of ['Klara', 'Kundin', '2026-12-10', 'MANGEL']) expect(raw).not.toContain(plain);
    const items = await store.list(anna);
    expect(items.map((each) => each.payload)).toEqual([assignment, { ...assignment, responsible: null, dueDate: null }]);
    expect(items.every(isWellFormed)).toBe(true);

    const { version: _dropped, ...withoutVersion } = assignment;
    for (const broken of [withoutVersion, { ...assignment, itemKind: 'DRINGEND' }, { ...assignment, responsible: 'klara' }, { ...assignment, dueDate: 10 }]) {
      expect(isWellFormed({ ...items[0]!, payload: broken as unknown as QueuePayload }), JSON.stringify(broken)).toBe(false);
    }
  });
});

describe('a reply with photos on the device', () => {
  const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };
  const photoOf = (text: string, name: string, type = 'image/jpeg') => ({
    file: new NodeBlob([new TextEncoder().encode(text)], { type }) as unknown as Blob,
    name,
    title: 'Foto zur Antwort – Markierung 3 – Grundriss EG',
  });
  const replyWith = (photos: ReturnType<typeof photoOf>[], photoFileIds: number[] = []): QueuePayload => ({ kind: 'pinReply', ...item, text: 'Fliesen verlegt', photos, photoFileIds });

  it('keeps each photo sealed apart and reads them back in their order with their types', async () => {
    const store = await freshStore();
    await store.add(anna, replyWith([photoOf('JFIF Fliesen links', 'links.jpg'), photoOf('PNG Fliesen rechts', 'rechts.png', 'image/png')], [40]));
    const raw = await rawContents();
    for (const plain of ['Fliesen', 'links.jpg', 'rechts.png']) expect(raw).not.toContain(plain);

    const [kept] = await store.list(anna);
    expect(kept && isWellFormed(kept)).toBe(true);
    const reply = kept!.payload as Extract<QueuePayload, { kind: 'pinReply' }>;
    expect(reply.photoFileIds).toEqual([40]);
    expect(reply.photos?.map((photo) => photo.name)).toEqual(['links.jpg', 'rechts.png']);
    expect(await Promise.all(reply.photos!.map((photo) => photo.file.text()))).toEqual(['JFIF Fliesen links', 'PNG Fliesen rechts']);
    expect(reply.photos?.map((photo) => photo.file.type)).toEqual(['image/jpeg', 'image/png']);
  });

  it('still sends a reply kept before replies took photos: its text alone', async () => {
    const store = await freshStore();
    await store.add(anna, { kind: 'pinReply', ...item, text: 'Komme am Montag.' });
    const [kept] = await store.list(anna);
    expect(kept && isWellFormed(kept)).toBe(true);
  });

  it('bounds each photo as one upload and all of them together as the queue, and takes no more photos than online', async () => {
    const store = await freshStore();
    const limits = { ...queueLimits };
    queueLimits.fileBytes = 1_000;
    queueLimits.totalBytes = 5_000;
    try {
      const bytes = (size: number) => ({ file: new NodeBlob([new Uint8Array(size)], { type: 'image/jpeg' }) as unknown as Blob, name: 'fliesen.jpg', title: 'Foto' });
      // Two photos of 800 bytes: each within a file's bound, though more than one file's together.
      await expect(store.add(anna, replyWith([bytes(800), bytes(800)]))).resolves.toMatchObject({ status: 'waiting' });
      await expect(store.add(anna, replyWith([bytes(800), bytes(1_001)]))).rejects.toMatchObject({ reason: 'file' });
      await expect(store.add(anna, replyWith([bytes(900), bytes(900), bytes(900), bytes(900)]))).rejects.toMatchObject({ reason: 'total' });
    } finally {
      Object.assign(queueLimits, limits);
    }
    const [kept] = await store.list(anna);
    const eleven = { ...kept!, payload: replyWith([photoOf('x', 'x.jpg')], Array.from({ length: 10 }, (_, index) => index + 40)) };
    expect(isWellFormed(eleven)).toBe(false);
    expect(isWellFormed({ ...eleven, payload: replyWith([photoOf('x', 'x.jpg')], [40]) })).toBe(true);
    expect(isWellFormed({ ...eleven, payload: { ...replyWith([]), photos: [{ name: 'ohne Datei.jpg', title: 'Foto' }] } as unknown as QueuePayload })).toBe(false);
  });
});
