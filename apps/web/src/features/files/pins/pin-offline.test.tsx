import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../../test/api-stub';
import { fakeLiveChannel } from '../../../test/fake-live-channel';
import { renderWithProviders, sessionUser } from '../../../test/render';
import { LiveChatContext } from '../../../platform/live/live-chat-context';
import { QueueContext, type QueueState } from '../../../platform/offline/queue-context';
import type { QueueItem } from '../../../platform/offline/queue-store';
import { PinBoard } from './pin-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const plan = { id: 34, name: 'Grundriss EG' } as ProjectFile;
const pinsPath = '/api/s3/project/7/files/34/pins';

/** A queue on the device holding these items; what the form asks of it is recorded. */
function fakeQueue(items: QueueItem[] = []) {
  const enqueue = vi.fn<QueueState['enqueue']>(async (payload) => ({ id: 1, user: 'klara', userId: 4, createdAt: '', status: 'waiting', bytes: 1, payload }));
  const state: QueueState = { available: true, items, unreadable: [], progress: new Map(), enqueue, putStep: vi.fn(), remove: vi.fn(), sync: vi.fn() };
  return { state, enqueue };
}

function setup(queue: QueueState, createPin: () => Response = () => json(201, {})) {
  const api = stubApi({ [`GET ${pinsPath}`]: () => json(200, []), [`POST ${pinsPath}`]: createPin });
  const live = fakeLiveChannel();
  live.connect();
  renderWithProviders(
    <LiveChatContext.Provider value={{ channel: live.channel, connected: true, activeUsers: new Set() }}>
      <QueueContext.Provider value={queue}>
        <PinBoard projectId="7" file={plan} page={1} uploadPhoto={async () => 40} photoOf={() => undefined}>
          {({ pageOverlay, sidePanel }) => (
            <div>
              <div data-plan-stage="">{pageOverlay}</div>
              {sidePanel}
            </div>
          )}
        </PinBoard>
      </QueueContext.Provider>
    </LiveChatContext.Provider>,
    { user: sessionUser('klara', ['CLIENT']) },
  );
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
    expect(queue.enqueue).toHaveBeenCalledWith({ kind: 'pin', projectId: '7', fileId: 34, planName: 'Grundriss EG', page: 1, x: 0.6, y: 0.2, comment: 'Feuchter Fleck', photo: null, photoFileId: null });
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
    const waiting = (await screen.findByText('Feuchter Fleck')).closest('li')!;
    expect(within(waiting).getByText('Wartet auf Verbindung')).toBeTruthy();
    const refused = screen.getByText('Tür klemmt').closest('li')!;
    expect(within(refused).getByText('Abgelehnt')).toBeTruthy();
    expect(within(refused).getByText(/Die Datei wurde nicht gefunden/)).toBeTruthy();
    expect(screen.queryByText('Noch keine Markierungen auf diesem Plan.')).toBeNull();
  });
});

describe('the pins of a plan without a connection', () => {
  it('says they are not available offline, neither that there are none nor that loading failed', async () => {
    const live = fakeLiveChannel();
    live.connect();
    stubApi({
      [`GET ${pinsPath}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithProviders(
      <LiveChatContext.Provider value={{ channel: live.channel, connected: false, activeUsers: new Set() }}>
        <QueueContext.Provider value={fakeQueue().state}>
          <PinBoard projectId="7" file={plan} page={1} uploadPhoto={async () => 40} photoOf={() => undefined}>
            {({ sidePanel }) => <div>{sidePanel}</div>}
          </PinBoard>
        </QueueContext.Provider>
      </LiveChatContext.Provider>,
      { user: sessionUser('klara', ['CLIENT']) },
    );
    expect(await screen.findByText('Die Markierungen sind offline nicht verfügbar.')).toBeTruthy();
    expect(screen.queryByText('Die Markierungen konnten nicht geladen werden.')).toBeNull();
    expect(screen.queryByText('Noch keine Markierungen auf diesem Plan.')).toBeNull();
  });
});
