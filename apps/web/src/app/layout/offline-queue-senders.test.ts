import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api-stub';
import { stubXhr } from '../../test/xhr-stub';
import { queueSenders } from './offline-queue-senders';
import { openQueueStore, type QueuePayload, type QueueStore } from '../../platform/offline/queue-store';
import { syncQueue } from '../../platform/offline/queue-sync';

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

const anna = { username: 'anna', userId: 1 };

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
