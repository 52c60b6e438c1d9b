import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pin, PinAssignee } from '@bauakte/domain/schemas';
import { json, stubApi, type RecordedCall } from '../../../test/api-stub';
import { sessionUser } from '../../../test/render';
import { fakeQueue, queuedItem, renderPinBoard, testPinsPath } from '../../../test/pin-board-harness';
import type { QueueState } from '../../../platform/offline/queue-context';
import { QueueFullError, type QueuePayload } from '../../../platform/offline/queue-store';
import { de } from '../../../i18n/de';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pinsPath = testPinsPath;
const mara = { username: 'mara', firstName: 'Mara', lastName: 'Berger' };
const klara = { username: 'klara', firstName: 'Klara', lastName: 'Kundin' };
const assignees: PinAssignee[] = [
  { ...mara, role: 'ARCHI' },
  { ...klara, role: 'CLIENT' },
];
const crack: Pin = {
  id: 9, fileId: 34, page: 1, x: 0.5, y: 0.5, number: 3, comment: 'Riss im Putz', photoFileId: null, photoFileIds: [], author: klara, authorName: 'Klara Kundin',
  createdAt: '2026-11-27T08:00:00.000Z', updatedAt: '2026-11-27T08:00:00.000Z', version: 4, status: 'OFFEN', kind: 'MANGEL', responsible: null, dueDate: null,
  statusHistory: [], replies: [], carriedFromPinId: null,
};
const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };
const assignment: Extract<QueuePayload, { kind: 'pinItem' }> = { kind: 'pinItem', ...item, itemKind: 'RUECKFRAGE', responsible: klara, dueDate: '2026-12-10', version: 4 };
const replyPhotoTitle = 'Foto zur Antwort – Markierung 3 – Grundriss EG';

const queued = queuedItem;

/** The plan's board as an architect of the project (or the client) sees it. */
function setup(queue: QueueState, handlers: Record<string, (call: RecordedCall) => Response> = {}, user = sessionUser('mara', ['ARCHI'])) {
  const api = stubApi({ [`GET ${pinsPath}`]: () => json(200, [crack]), 'GET /api/s3/project/7/assignees': () => json(200, assignees), ...handlers });
  const uploadPhoto = vi.fn(async (_photo: File, _title: string) => 40);
  renderPinBoard(queue, user, { uploadPhoto });
  return { api, uploadPhoto };
}

const entryOf = async (comment: string) => (await screen.findByText(comment)).closest<HTMLElement>('[role="listitem"]')!;
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
const sent = (api: ReturnType<typeof stubApi>) => api.calls.filter((call) => call.method !== 'GET');

/** 'Zuordnen' on the item, its people read; the choices made and 'Zuordnung speichern'. */
async function assign(choice: { kind?: string; responsible?: string; dueDate?: string }, beforeSaving?: () => void) {
  await userEvent.click(within(await entryOf('Riss im Putz')).getByRole('button', { name: 'Markierung 3 zuordnen' }));
  const form = await screen.findByRole('form', { name: 'Markierung 3 zuordnen' });
  await within(form).findByRole('option', { name: 'Klara Kundin (Kunde/Kundin)' });
  beforeSaving?.();
  if (choice.kind) await userEvent.selectOptions(within(form).getByLabelText('Art'), choice.kind);
  if (choice.responsible) await userEvent.selectOptions(within(form).getByLabelText('Zuständig'), choice.responsible);
  if (choice.dueDate) await userEvent.type(within(form).getByLabelText('Fällig am'), choice.dueDate);
  await userEvent.click(within(form).getByRole('button', { name: 'Zuordnung speichern' }));
  return form;
}

describe("an item's assignment without a connection", () => {
  it("waits on the device with the pin's version and the person's name; the form closes with the notice and nothing is sent", async () => {
    const queue = fakeQueue();
    const { api } = setup(queue.state);
    // The project's people were read while online; then the connection goes.
    await assign({ kind: 'Rückfrage', responsible: 'Klara Kundin (Kunde/Kundin)', dueDate: '2026-12-10' }, offline);

    await waitFor(() => expect(queue.enqueue).toHaveBeenCalledWith(assignment));
    expect(await screen.findByText(de.offlineQueue.savedOnDevice)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Markierung 3 zuordnen' })).toBeNull());
    expect(sent(api)).toEqual([]);
  });

  it('waits on the device when the request finds no answer although the browser says online', async () => {
    const queue = fakeQueue();
    setup(queue.state, {
      'PUT /api/s3/pins/9/item': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await assign({ responsible: 'Klara Kundin (Kunde/Kundin)' });
    await waitFor(() => expect(queue.enqueue).toHaveBeenCalledWith({ ...assignment, itemKind: 'MANGEL', dueDate: null }));
  });

  it('merges a second assignment into the one still waiting, in its place and with its version', async () => {
    const queue = fakeQueue([queued(21, assignment)]);
    setup(queue.state);
    await assign({ responsible: 'Mara Berger (Architekt/in)' }, offline);
    await waitFor(() => expect(queue.replace).toHaveBeenCalledWith(21, { ...assignment, responsible: mara }));
    expect(queue.enqueue).not.toHaveBeenCalled();
  });

  it("queues 'Erledigt' behind a waiting assignment even when online, so they arrive in order", async () => {
    const queue = fakeQueue([queued(21, assignment)]);
    const { api } = setup(queue.state);
    await userEvent.click(within(await entryOf('Riss im Putz')).getByRole('button', { name: 'Markierung 3: Erledigt' }));
    await waitFor(() => expect(queue.enqueue).toHaveBeenCalledWith({ kind: 'pinStatus', ...item, status: 'ERLEDIGT', version: 4 }));
    expect(sent(api)).toEqual([]);
  });
});

describe("an item's waiting assignment on the plan", () => {
  it('shows the chosen kind, responsible person and due date, marked as waiting, its marker too', async () => {
    setup(fakeQueue([queued(21, assignment)]).state);
    const entry = await entryOf('Riss im Putz');
    expect(within(entry).getByText('Zuordnung geändert auf diesem Gerät · Wartet auf Verbindung')).toBeTruthy();
    expect(within(entry).getByText('Rückfrage')).toBeTruthy();
    expect(within(entry).getByText('Klara Kundin')).toBeTruthy();
    expect(within(entry).getByText('10.12.2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Markierung 3: Riss im Putz – Wartet auf Verbindung' })).toBeTruthy();
    // The form opened again starts from the waiting choice.
    await userEvent.click(within(entry).getByRole('button', { name: 'Markierung 3 zuordnen' }));
    const form = await screen.findByRole('form', { name: 'Markierung 3 zuordnen' });
    expect(within(form).getByLabelText<HTMLInputElement>('Fällig am').value).toBe('2026-12-10');
  });

  it("shows one refused for a change made meanwhile with the German reason and the choice, and the server's item", async () => {
    const queue = fakeQueue([queued(21, assignment, 'refused', de.pins.keptItemChangedMeanwhile)]);
    setup(queue.state);
    const entry = await entryOf('Riss im Putz');
    expect(within(entry).getByText('Ihre Änderung wurde nicht übertragen')).toBeTruthy();
    expect(within(entry).getByText(de.pins.keptItemChangedMeanwhile)).toBeTruthy();
    expect(within(entry).getByText('Ihre Zuordnung: Rückfrage · Zuständig: Klara Kundin · Fällig am 10.12.2026')).toBeTruthy();
    // The item as the server has it.
    expect(within(entry).getByText('Mangel')).toBeTruthy();
    expect(within(entry).getByText('Niemand')).toBeTruthy();
    await userEvent.click(within(entry).getByRole('button', { name: 'Änderung verwerfen' }));
    expect(queue.remove).toHaveBeenCalledWith(21);
  });
});

describe('a reply waiting on the device, on the plan', () => {
  const written: Extract<QueuePayload, { kind: 'pinReply' }> = { kind: 'pinReply', ...item, text: 'Im Keller ist es auch feucht.', photos: [{ file: new Blob(['x']), name: 'keller.jpg', title: 'Foto' }], photoFileIds: [31] };

  it('shows under the item’s conversation with its text, its photos and that it waits', async () => {
    setup(fakeQueue([queued(22, written)]).state);
    const entry = await entryOf('Riss im Putz');
    const waiting = within(entry).getByRole('list', { name: 'Antworten, die auf Verbindung warten' });
    expect(within(waiting).getByText('Ihre Antwort auf diesem Gerät · Wartet auf Verbindung')).toBeTruthy();
    expect(within(waiting).getByText('Im Keller ist es auch feucht.')).toBeTruthy();
    expect(within(waiting).getByText('mit 2 Fotos')).toBeTruthy();
  });

  it('shows one the server refused with the reason and the text, to be discarded', async () => {
    const queue = fakeQueue([queued(22, written, 'refused', 'Diese Markierung gibt es nicht mehr.')]);
    setup(queue.state);
    const entry = await entryOf('Riss im Putz');
    expect(within(entry).queryByRole('list', { name: 'Antworten, die auf Verbindung warten' })).toBeNull();
    expect(within(entry).getByText('Diese Markierung gibt es nicht mehr.')).toBeTruthy();
    expect(within(entry).getByText('Ihre Antwort: Im Keller ist es auch feucht.')).toBeTruthy();
    await userEvent.click(within(entry).getByRole('button', { name: 'Änderung verwerfen' }));
    expect(queue.remove).toHaveBeenCalledWith(22);
  });
});

const jpeg = (name: string, bytes = 3) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

/** The item selected, a reply typed with these photos, and 'Antworten'. */
async function reply(text: string, photos: File[]) {
  await userEvent.click(within(await entryOf('Riss im Putz')).getByRole('button', { name: /^Markierung 3: Riss im Putz/ }));
  const form = await screen.findByRole('form', { name: 'Antwort, Markierung 3' });
  await userEvent.type(within(form).getByLabelText(/Antwort/), text);
  await userEvent.upload(within(form).getByLabelText(/^Fotos \(optional\)/), photos);
  await userEvent.click(within(form).getByRole('button', { name: 'Antworten' }));
  return form;
}

describe('a reply with photos without a connection', () => {
  it('waits on the device with its photos, titled as online; nothing is uploaded and the form empties', async () => {
    const queue = fakeQueue();
    const { api, uploadPhoto } = setup(queue.state, {}, sessionUser('klara', ['CLIENT']));
    offline();
    const photo = jpeg('fliesen.jpg');
    const form = await reply('Fliesen verlegt.', [photo]);

    await waitFor(() =>
      expect(queue.enqueue).toHaveBeenCalledWith({ kind: 'pinReply', ...item, text: 'Fliesen verlegt.', photos: [{ file: photo, name: 'fliesen.jpg', title: replyPhotoTitle }], photoFileIds: [] }),
    );
    await waitFor(() => expect(within(form).getByLabelText<HTMLTextAreaElement>(/Antwort/).value).toBe(''));
    expect(within(form).queryByRole('list', { name: 'Gewählte Fotos' })).toBeNull();
    expect(await screen.findByText(de.offlineQueue.savedOnDevice)).toBeTruthy();
    expect(uploadPhoto).not.toHaveBeenCalled();
    expect(sent(api)).toEqual([]);
  });

  it('keeps the ids of photos already uploaded when the reply itself finds no answer: they are not uploaded again', async () => {
    const queue = fakeQueue();
    const { uploadPhoto } = setup(queue.state, {
      'POST /api/s3/pins/9/replies': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await reply('Fliesen verlegt.', [jpeg('fliesen.jpg')]);
    await waitFor(() => expect(queue.enqueue).toHaveBeenCalledWith({ kind: 'pinReply', ...item, text: 'Fliesen verlegt.', photos: [], photoFileIds: [40] }));
    expect(uploadPhoto).toHaveBeenCalledTimes(1);
  });

  it('says so when the device has no room for a photo, and keeps the text', async () => {
    const queue = fakeQueue();
    queue.enqueue.mockRejectedValue(new QueueFullError('file'));
    setup(queue.state);
    offline();
    const form = await reply('Fliesen verlegt.', [jpeg('riesig.jpg')]);
    expect(await within(form).findByText(de.offlineQueue.fileTooLarge)).toBeTruthy();
    expect(within(form).getByLabelText<HTMLTextAreaElement>(/Antwort/).value).toBe('Fliesen verlegt.');
  });
});
