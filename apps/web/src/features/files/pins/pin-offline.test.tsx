import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from '../../../test/api-stub';
import { sessionUser } from '../../../test/render';
import { fakeQueue as fakeQueueOf, renderPinBoard, testPinsPath } from '../../../test/pin-board-harness';
import type { QueueState } from '../../../platform/offline/queue-context';
import type { QueueItem } from '../../../platform/offline/queue-store';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pinsPath = testPinsPath;

const fakeQueue = (items: QueueItem[] = []) => fakeQueueOf(items, { user: 'klara', userId: 4 });

function setup(queue: QueueState, createPin: () => Response = () => json(201, {}), stored: unknown[] = []) {
  const api = stubApi({ [`GET ${pinsPath}`]: () => json(200, stored), [`POST ${pinsPath}`]: createPin });
  renderPinBoard(queue, sessionUser('klara', ['CLIENT']));
  return api;
}

/** 'Markierung setzen', a tap at these fractions of the page, a comment and 'Markierung speichern'. */
async function placePin(x: number, y: number, comment: string) {
  await screen.findByRole('heading', { name: 'Markierungen' });
  await userEvent.click(screen.getByRole('button', { name: 'Markierung setzen' }));
  const layer = document.querySelector<HTMLElement>('[data-pin-layer]')!;
  vi.spyOn(layer, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 1000, height: 500, right: 1000, bottom: 500, x: 0, y: 0, toJSON: () => ({}) });
  fireEvent.pointerDown(layer, { clientX: x * 1000, clientY: y * 500, pointerId: 1, isPrimary: true });
  act(() => {
    window.dispatchEvent(Object.assign(new Event('pointerup'), { clientX: x * 1000, clientY: y * 500, pointerId: 1 }));
  });
  const form = await screen.findByRole('form', { name: 'Markierung 1' });
  await userEvent.type(within(form).getByLabelText(/Was ist an dieser Stelle/), comment);
  await userEvent.click(within(form).getByRole('button', { name: 'Markierung speichern' }));
}

const queuedPinItem = (status: QueueItem['status'], reason?: string): QueueItem => ({
  id: 5,
  user: 'klara', userId: 4,
  createdAt: '2026-11-27T08:00:00.000Z',
  status,
  ...(reason ? { reason } : {}),
  bytes: 200,
  payload: { kind: 'pin', projectId: '7', fileId: 34, planName: 'Grundriss EG', page: 1, x: 0.3, y: 0.4, comment: 'Feuchter Fleck', photo: null, photoFileId: null },
});

describe('a pin placed without a connection', () => {
  it('waits on the device: the form closes with the notice and nothing is sent', async () => {
    const queue = fakeQueue();
    const api = setup(queue.state);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await placePin(0.6, 0.2, 'Feuchter Fleck');

    expect(await screen.findByText('Gespeichert auf diesem Gerät — wird übertragen, sobald Sie online sind')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(queue.enqueue).toHaveBeenCalledWith({ kind: 'pin', projectId: '7', fileId: 34, planName: 'Grundriss EG', page: 1, x: 0.6, y: 0.2, comment: 'Feuchter Fleck', itemKind: 'INFORMATION', photo: null, photoFileId: null });
    expect(api.callsTo('POST', pinsPath)).toEqual([]);
  });

  it('waits on the device when the request finds no answer although the browser says online', async () => {
    const queue = fakeQueue();
    setup(queue.state, () => {
      throw new TypeError('Failed to fetch');
    });
    await placePin(0.5, 0.5, 'Zählerkasten');
    expect(await screen.findByText('Gespeichert auf diesem Gerät — wird übertragen, sobald Sie online sind')).toBeTruthy();
    expect(queue.enqueue).toHaveBeenCalledWith(expect.objectContaining({ kind: 'pin', comment: 'Zählerkasten' }));
  });

  it('shows a waiting pin in the plan\'s list with its status, and a refused one with the reason', async () => {
    setup(fakeQueue([queuedPinItem('waiting'), { ...queuedPinItem('refused', 'Die Markierung konnte nicht gespeichert werden. Die Datei wurde nicht gefunden.'), id: 6, payload: { ...queuedPinItem('waiting').payload, comment: 'Tür klemmt' } as QueueItem['payload'] }]).state);
    const waiting = (await screen.findByText('Feuchter Fleck')).closest<HTMLElement>('[role="listitem"]')!;
    expect(within(waiting).getByText('Wartet auf Verbindung')).toBeTruthy();
    const refused = screen.getByText('Tür klemmt').closest<HTMLElement>('[role="listitem"]')!;
    expect(within(refused).getByText('Abgelehnt')).toBeTruthy();
    expect(within(refused).getByText(/Die Datei wurde nicht gefunden/)).toBeTruthy();
    expect(screen.queryByText('Noch keine Markierungen auf diesem Plan.')).toBeNull();
  });
});

describe('the pins of a plan without a connection', () => {
  it('says they are not available offline, neither that there are none nor that loading failed', async () => {
    stubApi({
      [`GET ${pinsPath}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPinBoard(fakeQueue().state, sessionUser('klara', ['CLIENT']), { connected: false });
    expect(await screen.findByText('Die Markierungen sind auf diesem Gerät nicht gespeichert. Machen Sie das Projekt offline verfügbar, sobald Sie wieder online sind.')).toBeTruthy();
    expect(screen.queryByText('Die Markierungen konnten nicht geladen werden.')).toBeNull();
    expect(screen.queryByText('Noch keine Markierungen auf diesem Plan.')).toBeNull();
  });
});

describe("an item's reply and status without a connection", () => {
  const klara = { username: 'klara', firstName: 'Klara', lastName: 'Kundin' };
  const item = {
    id: 9, fileId: 34, page: 1, x: 0.5, y: 0.5, number: 3, comment: 'Riss im Putz', photoFileId: null, photoFileIds: [], author: klara, authorName: 'Klara Kundin',
    createdAt: '2026-11-27T08:00:00.000Z', updatedAt: '2026-11-27T08:00:00.000Z', version: 4, status: 'OFFEN', kind: 'MANGEL', responsible: klara, dueDate: null,
    statusHistory: [], replies: [], carriedFromPinId: null,
  };

  it('wait on the device, the status with the version it was chosen on, and nothing is sent', async () => {
    const queue = fakeQueue();
    const api = setup(queue.state, undefined, [item]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Markierung 3: Riss im Putz' }));
    await userEvent.type(await screen.findByLabelText('Antwort'), 'Komme am Montag vorbei.');
    await userEvent.click(screen.getByRole('button', { name: 'Antworten' }));
    await waitFor(() =>
      expect(queue.enqueue).toHaveBeenCalledWith({ kind: 'pinReply', projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3, text: 'Komme am Montag vorbei.' }),
    );
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Antwort').value).toBe(''));
    await userEvent.click(screen.getByRole('button', { name: /Erledigt/ }));
    await waitFor(() =>
      expect(queue.enqueue).toHaveBeenCalledWith({ kind: 'pinStatus', projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3, status: 'ERLEDIGT', version: 4 }),
    );
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
