import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api-stub';
import { stubXhr } from '../../test/xhr-stub';
import { queueSenders, rebasePinChange } from './offline-queue-senders';
import { openQueueStore, type QueuePayload, type QueueStore } from '../../platform/offline/queue-store';
import { syncQueue } from '../../platform/offline/queue-sync';
import { de } from '../../i18n/de';

let databaseCount = 0;
const opened: QueueStore[] = [];
async function freshStore(): Promise<QueueStore> {
  const store = await openQueueStore(`queue-senders-test-${++databaseCount}`);
  opened.push(store);
  return store;
}
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  vi.unstubAllGlobals();
});

const pinsPath = '/api/s3/project/7/files/34/pins';

/** A pin placed without a connection on 'Grundriss EG', with a photo of the spot when given its size. */
const queuedPin = (photoBytes?: number): QueuePayload => ({
  kind: 'pin',
  projectId: '7',
  fileId: 34,
  planName: 'Grundriss EG',
  page: 1,
  x: 0.25,
  y: 0.5,
  comment: 'Riss links vom Fenster',
  // Node's Blob: the test's IndexedDB clones values as Node does, which keeps only its own Blobs.
  photo: photoBytes === undefined ? null : { file: new NodeBlob([new Uint8Array(photoBytes)], { type: 'image/jpeg' }) as unknown as Blob, name: 'riss.jpg', title: 'Foto zu Markierung 3 – Grundriss EG' },
  photoFileId: null,
});

const anna = { username: 'anna', userId: 1, key: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']) };

const createdPin = { id: 9, fileId: 34, page: 1, x: 0.25, y: 0.5, number: 3, comment: 'Riss links vom Fenster', photoFileId: 40 };

describe('sending a pin placed without a connection', () => {
  it('uploads the photo first as a file of the project, then places the pin with the photo\'s id', async () => {
    const store = await freshStore();
    await store.add(anna, queuedPin(2048));
    const xhr = stubXhr();
    const api = stubApi({ [`POST ${pinsPath}`]: () => json(201, createdPin) });

    const syncing = syncQueue(store, anna, queueSenders('anna'));
    await vi.waitFor(() => expect(xhr.requests[0]?.sent).toBe(true));
    // The pin waits for its photo: nothing is placed before the photo is on the server.
    expect(api.callsTo('POST', pinsPath)).toEqual([]);
    expect(xhr.last().fields()).toContainEqual(['fileName', 'Foto zu Markierung 3 – Grundriss EG']);
    expect(xhr.last().fields()).toContainEqual(['file', 'file:riss.jpg']);
    xhr.last().respond(201, { id: 40, name: 'Foto zu Markierung 3 – Grundriss EG' });

    expect((await syncing).kind).toBe('done');
    expect(api.callsTo('POST', pinsPath).map((call) => call.body)).toEqual([{ page: 1, x: 0.25, y: 0.5, comment: 'Riss links vom Fenster', photoFileId: 40 }]);
    expect(await store.list(anna)).toEqual([]);
  });

  it('keeps the uploaded photo\'s id when the connection goes before the pin: the photo is not sent twice', async () => {
    const store = await freshStore();
    await store.add(anna, queuedPin(2048));
    const xhr = stubXhr();
    stubApi({
      [`POST ${pinsPath}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const syncing = syncQueue(store, anna, queueSenders('anna'));
    await vi.waitFor(() => expect(xhr.requests[0]?.sent).toBe(true));
    xhr.last().respond(201, { id: 40 });
    expect((await syncing).kind).toBe('offline');

    const [waiting] = await store.list(anna);
    expect(waiting).toMatchObject({ status: 'waiting', payload: { kind: 'pin', photo: null, photoFileId: 40 } });
    expect(waiting?.bytes).toBeLessThan(2048);

    const api = stubApi({ [`POST ${pinsPath}`]: () => json(201, createdPin) });
    expect((await syncQueue(store, anna, queueSenders('anna'))).kind).toBe('done');
    expect(xhr.requests).toHaveLength(1);
    expect(api.callsTo('POST', pinsPath).map((call) => (call.body as { photoFileId: number }).photoFileId)).toEqual([40]);
  });

  it('keeps a pin the server refuses (the plan was deleted meanwhile) with the German reason, and sends the next change', async () => {
    const store = await freshStore();
    await store.add(anna, queuedPin());
    await store.add(anna, { kind: 'chat', chatId: 1, receiverUsername: 'architekt', message: 'Riss gesehen' });
    stubApi({
      [`POST ${pinsPath}`]: () => json(404, { message: 'Die Datei wurde nicht gefunden.', code: 'NOT_FOUND' }),
      'POST /api/MessageManagment': () => json(201, { id: 1 }),
    });

    await syncQueue(store, anna, queueSenders('anna'));
    const items = await store.list(anna);
    expect(items.map((item) => item.payload.kind)).toEqual(['pin']);
    expect(items[0]?.status).toBe('refused');
    expect(items[0]?.reason).toContain('Die Markierung konnte nicht gespeichert werden.');
  });
});

describe("sending an item's reply and status kept without a connection", () => {
  const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };

  it('sends the reply, and the status with its version; a status changed meanwhile is refused with the 409 text, nothing overwritten', async () => {
    const store = await freshStore();
    await store.add(anna, { kind: 'pinReply', ...item, text: 'Komme am Montag.' });
    await store.add(anna, { kind: 'pinStatus', ...item, status: 'ERLEDIGT', version: 4 });
    const api = stubApi({
      'POST /api/s3/pins/9/replies': () => json(201, createdPin),
      'PUT /api/s3/pins/9/status': () => json(409, { code: 'CONFLICT', message: 'Diese Markierung wurde inzwischen geändert.', details: { pin: createdPin } }),
    });
    await syncQueue(store, anna, queueSenders('anna'));
    expect(api.callsTo('POST', '/api/s3/pins/9/replies').map((call) => call.body)).toEqual([{ text: 'Komme am Montag.' }]);
    expect(api.callsTo('PUT', '/api/s3/pins/9/status').map((call) => call.body)).toEqual([{ status: 'ERLEDIGT', version: 4 }]);
    const [refused] = await store.list(anna);
    expect(refused).toMatchObject({ status: 'refused', reason: expect.stringContaining(de.pins.statusChangedMeanwhile), payload: { kind: 'pinStatus' } });
  });
});

describe("the author's pin changes kept without a connection", () => {
  const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };
  const moved: QueuePayload = { kind: 'pinUpdate', ...item, x: 0.2, y: 0.8, comment: 'Riss bis zur Decke', photoFileId: null, version: 4, moved: true, commented: true };
  const pinNow = (version: number) => ({ ...createdPin, comment: 'Riss, vom Architekten ergänzt', version });

  it('sends the move with the new comment, then a deletion of another pin with its version, in order', async () => {
    const store = await freshStore();
    await store.add(anna, moved);
    await store.add(anna, { kind: 'pinDelete', ...item, pinId: 10, pinNumber: 4, version: 2 });
    const order: string[] = [];
    const api = stubApi({
      'PUT /api/s3/pins/9': () => (order.push('move'), json(200, pinNow(5))),
      'DELETE /api/s3/pins/10': (call) => (order.push(`delete ${call.path}`), new Response(null, { status: 204 })),
    });
    expect((await syncQueue(store, anna, queueSenders('anna'))).kind).toBe('done');
    expect(api.callsTo('PUT', '/api/s3/pins/9').map((call) => call.body)).toEqual([{ x: 0.2, y: 0.8, comment: 'Riss bis zur Decke', photoFileId: null, version: 4 }]);
    expect(order).toEqual(['move', 'delete /api/s3/pins/10?version=2']);
    expect(await store.list(anna)).toEqual([]);
  });

  it('refuses a change of a pin changed meanwhile with the German reason, keeping the typed comment; nothing is overwritten', async () => {
    const store = await freshStore();
    await store.add(anna, moved);
    await store.add(anna, { kind: 'pinDelete', ...item, version: 4 });
    stubApi({
      'PUT /api/s3/pins/9': () => json(409, { code: 'CONFLICT', message: 'Diese Markierung wurde inzwischen geändert.', pin: pinNow(5) }),
      'DELETE /api/s3/pins/9': () => json(409, { code: 'CONFLICT', message: 'Diese Markierung wurde inzwischen geändert.', pin: pinNow(5) }),
    });
    await syncQueue(store, anna, queueSenders('anna'));
    const [change, deletion] = await store.list(anna);
    expect(change).toMatchObject({ status: 'refused', reason: expect.stringContaining(de.pins.keptChangedMeanwhile), payload: { kind: 'pinUpdate', comment: 'Riss bis zur Decke' } });
    expect(deletion).toMatchObject({ status: 'refused', reason: expect.stringContaining(de.pins.keptDeleteChangedMeanwhile), payload: { kind: 'pinDelete' } });
  });

  it('counts the deletion of a pin gone already (deleted on another device) as done', async () => {
    const store = await freshStore();
    await store.add(anna, { kind: 'pinDelete', ...item, version: 4 });
    stubApi({ 'DELETE /api/s3/pins/9': () => json(404, { code: 'NOT_FOUND', message: 'Die Markierung wurde nicht gefunden.' }) });
    expect((await syncQueue(store, anna, queueSenders('anna'))).kind).toBe('done');
    expect(await store.list(anna)).toEqual([]);
  });

  it("sends a later change of the same pin on the version the earlier one made: a move, then 'Erledigt', then the deletion", async () => {
    const store = await freshStore();
    await store.add(anna, moved);
    await store.add(anna, { kind: 'pinStatus', ...item, status: 'ERLEDIGT', version: 4 });
    await store.add(anna, { kind: 'pinDelete', ...item, version: 4 });
    const api = stubApi({
      'PUT /api/s3/pins/9': () => json(200, pinNow(5)),
      'PUT /api/s3/pins/9/status': () => json(200, pinNow(6)),
      'DELETE /api/s3/pins/9': () => new Response(null, { status: 204 }),
    });
    expect((await syncQueue(store, anna, queueSenders('anna'))).kind).toBe('done');
    expect(api.callsTo('PUT', '/api/s3/pins/9/status').map((call) => call.body)).toEqual([{ status: 'ERLEDIGT', version: 5 }]);
    expect(api.callsTo('DELETE', '/api/s3/pins/9').map((call) => call.path)).toEqual(['/api/s3/pins/9?version=6']);
    expect(await store.list(anna)).toEqual([]);
  });

  it('leaves a later change made on another version alone: its own 409 stands', () => {
    const status: QueuePayload = { kind: 'pinStatus', ...item, status: 'ERLEDIGT', version: 7 };
    expect(rebasePinChange(moved, pinNow(5), status)).toBeUndefined();
    expect(rebasePinChange(moved, pinNow(5), { ...status, pinId: 10, version: 4 })).toBeUndefined();
    expect(rebasePinChange(moved, pinNow(5), { ...status, version: 4 })).toEqual({ ...status, version: 5 });
  });
});

describe('sending a reply with photos kept without a connection', () => {
  const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };
  const photo = (name: string) => ({
    file: new NodeBlob([new Uint8Array(512)], { type: 'image/jpeg' }) as unknown as Blob,
    name,
    title: 'Foto zur Antwort – Markierung 3 – Grundriss EG',
  });
  const reply: QueuePayload = { kind: 'pinReply', ...item, text: 'Fliesen verlegt.', photos: [photo('links.jpg'), photo('rechts.jpg')], photoFileIds: [] };

  it('uploads the photos first, one after another as the reply form does, then the reply with their ids in order', async () => {
    const store = await freshStore();
    await store.add(anna, reply);
    const xhr = stubXhr();
    const api = stubApi({ 'POST /api/s3/pins/9/replies': () => json(201, createdPin) });
    const shares: (number | null)[] = [];

    const syncing = syncQueue(store, anna, queueSenders('anna'), { onProgress: (_item, share) => shares.push(share) });
    await vi.waitFor(() => expect(xhr.requests[0]?.sent).toBe(true));
    expect(xhr.last().fields()).toContainEqual(['fileName', 'Foto zur Antwort – Markierung 3 – Grundriss EG']);
    expect(xhr.last().fields()).toContainEqual(['file', 'file:links.jpg']);
    xhr.last().progress(256, 512);
    xhr.last().respond(201, { id: 40 });
    await vi.waitFor(() => expect(xhr.requests[1]?.sent).toBe(true));
    // The reply waits for all its photos.
    expect(api.callsTo('POST', '/api/s3/pins/9/replies')).toEqual([]);
    expect(xhr.last().fields()).toContainEqual(['file', 'file:rechts.jpg']);
    xhr.last().progress(512, 512);
    xhr.last().respond(201, { id: 41 });

    expect((await syncing).kind).toBe('done');
    expect(api.callsTo('POST', '/api/s3/pins/9/replies').map((call) => call.body)).toEqual([{ text: 'Fliesen verlegt.', photoFileIds: [40, 41] }]);
    // The progress is that of both photos together.
    expect(shares).toEqual([0.25, 1]);
    expect(await store.list(anna)).toEqual([]);
  });

  it('keeps the ids of the photos already uploaded when the connection goes: none is uploaded twice', async () => {
    const store = await freshStore();
    await store.add(anna, reply);
    const xhr = stubXhr();
    const syncing = syncQueue(store, anna, queueSenders('anna'));
    await vi.waitFor(() => expect(xhr.requests[0]?.sent).toBe(true));
    xhr.last().respond(201, { id: 40 });
    await vi.waitFor(() => expect(xhr.requests[1]?.sent).toBe(true));
    xhr.last().fail();
    expect((await syncing).kind).toBe('offline');

    const [waiting] = await store.list(anna);
    expect(waiting).toMatchObject({ status: 'waiting', payload: { kind: 'pinReply', photoFileIds: [40], photos: [{ name: 'rechts.jpg' }] } });

    const api = stubApi({ 'POST /api/s3/pins/9/replies': () => json(201, createdPin) });
    const again = syncQueue(store, anna, queueSenders('anna'));
    await vi.waitFor(() => expect(xhr.requests[2]?.sent).toBe(true));
    expect(xhr.last().fields()).toContainEqual(['file', 'file:rechts.jpg']);
    xhr.last().respond(201, { id: 41 });
    expect((await again).kind).toBe('done');
    expect(xhr.requests).toHaveLength(3);
    expect(api.callsTo('POST', '/api/s3/pins/9/replies').map((call) => call.body)).toEqual([{ text: 'Fliesen verlegt.', photoFileIds: [40, 41] }]);
  });
});

describe("an item's assignment kept without a connection", () => {
  const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };
  const klara = { username: 'klara', firstName: 'Klara', lastName: 'Kundin' };
  const assignment: QueuePayload = { kind: 'pinItem', ...item, itemKind: 'MANGEL', responsible: klara, dueDate: '2026-12-10', version: 4 };
  const pinNow = (version: number) => ({ ...createdPin, version });

  it('is sent with the version it was chosen on, then the reply written after it, in order', async () => {
    const store = await freshStore();
    await store.add(anna, assignment);
    await store.add(anna, { kind: 'pinReply', ...item, text: 'Bitte bis Mittwoch.' });
    const order: string[] = [];
    const api = stubApi({
      'PUT /api/s3/pins/9/item': () => (order.push('item'), json(200, pinNow(5))),
      'POST /api/s3/pins/9/replies': () => (order.push('reply'), json(201, pinNow(5))),
    });
    expect((await syncQueue(store, anna, queueSenders('anna'))).kind).toBe('done');
    expect(api.callsTo('PUT', '/api/s3/pins/9/item').map((call) => call.body)).toEqual([{ kind: 'MANGEL', responsible: 'klara', dueDate: '2026-12-10', version: 4 }]);
    expect(order).toEqual(['item', 'reply']);
    expect(await store.list(anna)).toEqual([]);
  });

  it('takes nobody and no due date as null', async () => {
    const store = await freshStore();
    await store.add(anna, { ...assignment, responsible: null, dueDate: null });
    const api = stubApi({ 'PUT /api/s3/pins/9/item': () => json(200, pinNow(5)) });
    await syncQueue(store, anna, queueSenders('anna'));
    expect(api.callsTo('PUT', '/api/s3/pins/9/item').map((call) => call.body)).toEqual([{ kind: 'MANGEL', responsible: null, dueDate: null, version: 4 }]);
  });

  it('is refused with the German reason when the item changed meanwhile on another device; nothing is overwritten', async () => {
    const store = await freshStore();
    await store.add(anna, assignment);
    stubApi({ 'PUT /api/s3/pins/9/item': () => json(409, { code: 'CONFLICT', message: 'Diese Markierung wurde inzwischen geändert.', pin: pinNow(5) }) });
    await syncQueue(store, anna, queueSenders('anna'));
    const [refused] = await store.list(anna);
    expect(refused).toMatchObject({ status: 'refused', reason: expect.stringContaining(de.pins.keptItemChangedMeanwhile), payload: assignment });
  });

  it("moves a later change of the same item made on the same version to the version the assignment made: 'Erledigt' after it", async () => {
    const store = await freshStore();
    await store.add(anna, assignment);
    await store.add(anna, { kind: 'pinStatus', ...item, status: 'ERLEDIGT', version: 4 });
    const api = stubApi({
      'PUT /api/s3/pins/9/item': () => json(200, pinNow(5)),
      'PUT /api/s3/pins/9/status': () => json(200, pinNow(6)),
    });
    expect((await syncQueue(store, anna, queueSenders('anna'))).kind).toBe('done');
    expect(api.callsTo('PUT', '/api/s3/pins/9/status').map((call) => call.body)).toEqual([{ status: 'ERLEDIGT', version: 5 }]);
    expect(rebasePinChange({ kind: 'pinStatus', ...item, status: 'ERLEDIGT', version: 4 }, pinNow(5), assignment)).toEqual({ ...assignment, version: 5 });
  });
});
