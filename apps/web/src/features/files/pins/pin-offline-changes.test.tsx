import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pin } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../../test/api-stub';
import { sessionUser } from '../../../test/render';
import { fakeQueue as fakeQueueOf, queuedItem, renderPinBoard, testPinsPath } from '../../../test/pin-board-harness';
import type { QueueState } from '../../../platform/offline/queue-context';
import type { QueueItem, QueuePayload } from '../../../platform/offline/queue-store';
import { de } from '../../../i18n/de';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pinsPath = testPinsPath;
const klara = { username: 'klara', firstName: 'Klara', lastName: 'Kundin' };
const pinOf = (id: number, number: number, comment: string): Pin => ({
  id, fileId: 34, page: 1, x: 0.5, y: 0.5, number, comment, photoFileId: null, photoFileIds: [], author: klara, authorName: 'Klara Kundin',
  createdAt: '2026-11-27T08:00:00.000Z', updatedAt: '2026-11-27T08:00:00.000Z', version: 4, status: 'OFFEN', kind: 'MANGEL', responsible: null, dueDate: null,
  statusHistory: [], replies: [], carriedFromPinId: null,
});
const crack = pinOf(9, 3, 'Riss im Putz');
const socket = pinOf(10, 4, 'Steckdose fehlt');

const klaraDevice = { user: 'klara', userId: 4 };
const fakeQueue = (items: QueueItem[] = []) => fakeQueueOf(items, klaraDevice);
const queued = (id: number, payload: QueuePayload, status: QueueItem['status'] = 'waiting', reason?: string): QueueItem => queuedItem(id, payload, status, reason, klaraDevice);
const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };
const updateOf = (change: Partial<Extract<QueuePayload, { kind: 'pinUpdate' }>>): QueuePayload => ({
  kind: 'pinUpdate', ...item, x: 0.5, y: 0.5, comment: 'Riss im Putz', photoFileId: null, version: 4, moved: false, commented: false, ...change,
});

function setup(queue: QueueState, stored: Pin[] = [crack, socket]) {
  const api = stubApi({ [`GET ${pinsPath}`]: () => json(200, stored) });
  renderPinBoard(queue, sessionUser('klara', ['CLIENT']));
  return api;
}

/** A tap on the page at these fractions of it. */
function tapOnPage(x: number, y: number) {
  const layer = document.querySelector<HTMLElement>('[data-pin-layer]')!;
  vi.spyOn(layer, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 1000, height: 500, right: 1000, bottom: 500, x: 0, y: 0, toJSON: () => ({}) });
  fireEvent.pointerDown(layer, { clientX: x * 1000, clientY: y * 500, pointerId: 1, isPrimary: true });
  act(() => {
    window.dispatchEvent(Object.assign(new Event('pointerup'), { clientX: x * 1000, clientY: y * 500, pointerId: 1 }));
  });
}

const entryOf = async (comment: string) => (await screen.findByText(comment)).closest<HTMLElement>('[role="listitem"]')!;
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

describe("the author's pin changes without a connection", () => {
  it("moves a pin by 'Verschieben' and a tap: the move waits with the pin's version, nothing is sent", async () => {
    const queue = fakeQueue();
    const api = setup(queue.state);
    offline();
    await userEvent.click(within(await entryOf('Riss im Putz')).getByRole('button', { name: 'Markierung 3 verschieben' }));
    expect(screen.getByText('Tippen Sie auf die neue Stelle für Markierung 3.')).toBeTruthy();
    tapOnPage(0.2, 0.8);

    await waitFor(() => expect(queue.enqueue).toHaveBeenCalledWith(updateOf({ x: 0.2, y: 0.8, moved: true })));
    expect(await screen.findByText(de.offlineQueue.savedOnDevice)).toBeTruthy();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('changes the comment: the whole pin waits with its version, and the edit form keeps no photo offline', async () => {
    const queue = fakeQueue();
    setup(queue.state);
    offline();
    await userEvent.click(within(await entryOf('Riss im Putz')).getByRole('button', { name: 'Bearbeiten' }));
    const form = await screen.findByRole('form', { name: 'Markierung 3' });
    const field = within(form).getByLabelText(/Was ist an dieser Stelle/);
    await userEvent.clear(field);
    await userEvent.type(field, 'Riss bis zur Decke');
    await userEvent.click(within(form).getByRole('button', { name: 'Änderung speichern' }));

    await waitFor(() => expect(queue.enqueue).toHaveBeenCalledWith(updateOf({ comment: 'Riss bis zur Decke', commented: true })));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Markierung 3' })).toBeNull());
  });

  it('merges a second change into the one still waiting, in its place and with its version', async () => {
    const waiting = queued(21, updateOf({ x: 0.2, y: 0.8, moved: true }));
    const queue = fakeQueue([waiting]);
    setup(queue.state);
    offline();
    await userEvent.click(within(await entryOf('Riss im Putz')).getByRole('button', { name: 'Bearbeiten' }));
    const form = await screen.findByRole('form', { name: 'Markierung 3' });
    await userEvent.type(within(form).getByLabelText(/Was ist an dieser Stelle/), ', feucht');
    await userEvent.click(within(form).getByRole('button', { name: 'Änderung speichern' }));

    await waitFor(() => expect(queue.replace).toHaveBeenCalledWith(21, updateOf({ x: 0.2, y: 0.8, comment: 'Riss im Putz, feucht', moved: true, commented: true })));
    expect(queue.enqueue).not.toHaveBeenCalled();
  });

  it("deletes a pin after asking: the deletion waits with the pin's version", async () => {
    const queue = fakeQueue();
    const api = setup(queue.state);
    offline();
    await userEvent.click(within(await entryOf('Steckdose fehlt')).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Soll Markierung 4 gelöscht werden?' })).getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(queue.enqueue).toHaveBeenCalledWith({ kind: 'pinDelete', ...item, pinId: 10, pinNumber: 4, version: 4 }));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('queues the next change of a pin behind one still waiting even when online, so they go in order', async () => {
    const queue = fakeQueue([queued(21, updateOf({ x: 0.2, y: 0.8, moved: true }))]);
    const api = setup(queue.state);
    await userEvent.click(within(await entryOf('Riss im Putz')).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(queue.enqueue).toHaveBeenCalledWith({ kind: 'pinDelete', ...item, version: 4 }));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

describe("a pin's waiting change on the plan", () => {
  it('shows the pin at its new spot with its new comment, marked as waiting, and one to be deleted as such', async () => {
    setup(fakeQueue([queued(21, updateOf({ x: 0.2, y: 0.8, comment: 'Riss bis zur Decke', moved: true, commented: true })), queued(22, { kind: 'pinDelete', ...item, pinId: 10, pinNumber: 4, version: 4 })]).state);

    const changed = await entryOf('Riss bis zur Decke');
    expect(within(changed).getByText('Geändert auf diesem Gerät · Wartet auf Verbindung')).toBeTruthy();
    const marker = screen.getByRole('button', { name: 'Markierung 3: Riss bis zur Decke – Wartet auf Verbindung' });
    expect(marker.style.left).toBe('20%');
    expect(marker.style.top).toBe('80%');

    const deleted = await entryOf('Steckdose fehlt');
    expect(within(deleted).getByText('Gelöscht auf diesem Gerät · Wartet auf Verbindung')).toBeTruthy();
    // A pin to be deleted is not changed any more.
    expect(within(deleted).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
  });

  it('shows a status chosen offline on the pin, marked as waiting, and one refused with the reason and the status chosen', async () => {
    setup(fakeQueue([queued(21, { kind: 'pinStatus', ...item, status: 'ERLEDIGT', version: 4 }), queued(22, { kind: 'pinStatus', ...item, pinId: 10, pinNumber: 4, status: 'IN_BEARBEITUNG', version: 4 }, 'refused', de.pins.statusChangedMeanwhile)]).state);
    const done = await entryOf('Riss im Putz');
    expect(within(done).getByText('Status geändert auf diesem Gerät · Wartet auf Verbindung')).toBeTruthy();
    expect(within(done).getByText('Erledigt')).toBeTruthy();
    const refused = await entryOf('Steckdose fehlt');
    expect(within(refused).getByText(de.pins.statusChangedMeanwhile)).toBeTruthy();
    expect(within(refused).getByText('Ihr Status: In Bearbeitung')).toBeTruthy();
    // The server's status stands.
    expect(within(refused).getByText('Offen')).toBeTruthy();
  });

  it("shows a change refused for a change made meanwhile with the German reason and the typed text, and the server's pin", async () => {
    const queue = fakeQueue([queued(21, updateOf({ comment: 'Riss bis zur Decke', commented: true }), 'refused', de.pins.keptChangedMeanwhile)]);
    setup(queue.state);
    const entry = await entryOf('Riss im Putz');
    expect(within(entry).getByText('Ihre Änderung wurde nicht übertragen')).toBeTruthy();
    expect(within(entry).getByText(de.pins.keptChangedMeanwhile)).toBeTruthy();
    expect(within(entry).getByText('Ihr Text: Riss bis zur Decke')).toBeTruthy();
    await userEvent.click(within(entry).getByRole('button', { name: 'Änderung verwerfen' }));
    expect(queue.remove).toHaveBeenCalledWith(21);
  });
});

describe('a pin placed offline and not yet sent', () => {
  const placement = queued(30, { kind: 'pin', projectId: '7', fileId: 34, planName: 'Grundriss EG', page: 1, x: 0.3, y: 0.4, comment: 'Feuchter Fleck', itemKind: 'MANGEL', photo: null, photoFileId: null });

  it('is moved and changed in its waiting placement', async () => {
    const queue = fakeQueue([placement]);
    setup(queue.state, []);
    await userEvent.click(within(await entryOf('Feuchter Fleck')).getByRole('button', { name: 'Verschieben' }));
    tapOnPage(0.7, 0.1);
    await waitFor(() => expect(queue.replace).toHaveBeenCalledWith(30, { ...placement.payload, x: 0.7, y: 0.1 }));

    await userEvent.click(within(await entryOf('Feuchter Fleck')).getByRole('button', { name: 'Bearbeiten' }));
    const field = await screen.findByLabelText(/Was ist an dieser Stelle/);
    await userEvent.type(field, ' an der Decke');
    await userEvent.click(screen.getByRole('button', { name: 'Änderung speichern' }));
    await waitFor(() => expect(queue.replace).toHaveBeenCalledWith(30, { ...placement.payload, comment: 'Feuchter Fleck an der Decke', itemKind: 'MANGEL' }));
    expect(queue.enqueue).not.toHaveBeenCalled();
  });

  it('is dropped after asking when deleted: it never reaches the server', async () => {
    const queue = fakeQueue([placement]);
    setup(queue.state, []);
    await userEvent.click(within(await entryOf('Feuchter Fleck')).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(queue.remove).toHaveBeenCalledWith(30));
  });
});
