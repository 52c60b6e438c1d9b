import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { json, type RecordedCall } from '../../test/api-stub';
import { QueueContext, type QueueState } from '../../platform/offline/queue-context';
import type { QueueItem } from '../../platform/offline/queue-store';
import { de } from '../../i18n/de';
import { GeneralPage } from './general-page';
import { field, press, renderStep } from './questionnaire-test-utils';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

/** The browser loses or regains its connection, as the 'offline' and 'online' events tell the app. */
function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => onlineManager.setOnline(online));
}

const stored = { buildingUsage: 'WOHNBAU', buildingtype: 'ECKHAUS', apartmentUnits: null, renovatedUnits: null, direction: 'SW', constructionYear: 1965 };

/** A queue on the device holding these items; what the page asks of it is recorded. */
function fakeQueue(items: QueueItem[] = []) {
  const putStep = vi.fn<QueueState['putStep']>(async (payload) => ({ id: 1, user: 'kundin', userId: 3, createdAt: '', status: 'waiting', bytes: 1, payload }));
  const remove = vi.fn<QueueState['remove']>(async () => {});
  const state: QueueState = { available: true, items, unreadable: [], progress: new Map(), enqueue: vi.fn(), putStep, remove, sync: vi.fn() };
  return { state, putStep, remove };
}

function setup(queue: QueueState) {
  return renderStep(
    <QueueContext.Provider value={queue}>
      <GeneralPage />
    </QueueContext.Provider>,
    {
      path: '/general',
      handlers: {
        'GET /api/general/7': () => json(200, stored, { etag: '"4"' }),
        'PUT /api/general/7': ({ body }: RecordedCall) => json(200, { ...stored, ...(body as object) }, { etag: '"5"' }),
      },
    },
  );
}

const queuedYear = (status: QueueItem['status'], extra: Partial<QueueItem> = {}): QueueItem => ({
  id: 3,
  user: 'kundin', userId: 3,
  createdAt: '2026-11-27T08:00:00.000Z',
  status,
  bytes: 40,
  payload: { kind: 'step', projectId: '7', step: 'general', patch: { constructionYear: 1980 }, baseVersion: '"3"' },
  ...extra,
});

describe('a questionnaire step without a connection', () => {
  it('keeps the save on the device with the version it was based on, says so and moves on', async () => {
    const queue = fakeQueue();
    const { api } = setup(queue.state);
    const year = await screen.findByLabelText('Baujahr');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.clear(year);
    await userEvent.type(year, '1972');
    await press('Speichern und Weiter');

    expect(await screen.findByText('Gespeichert auf diesem Gerät — wird übertragen, sobald Sie online sind')).toBeTruthy();
    expect(await screen.findByText('Seite /storeys')).toBeTruthy();
    expect(queue.putStep).toHaveBeenCalledWith({ kind: 'step', projectId: '7', step: 'general', patch: { constructionYear: 1972 }, baseVersion: '"4"' });
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows the waiting answers over the stored ones, and a save online sends them against their base version', async () => {
    const queue = fakeQueue([queuedYear('waiting')]);
    const { api } = setup(queue.state);
    expect((await screen.findByLabelText<HTMLInputElement>('Baujahr')).value).toBe('1980');
    await press('Speichern und Weiter');
    expect(await screen.findByText('Seite /storeys')).toBeTruthy();
    const [put] = api.calls.filter((call) => call.method === 'PUT');
    expect(put?.headers['if-match']).toBe('"3"');
    expect(put?.body).toEqual({ constructionYear: 1980 });
    // Sent by the page itself: the queue must not send it again.
    expect(queue.remove).toHaveBeenCalledWith(3);
  });

  it('opens the conflict dialog at once for a waiting save someone else overtook, the waiting answer as the person\'s own', async () => {
    const conflict = {
      message: 'Dieser Schritt wurde inzwischen von jemand anderem geändert.',
      code: 'QUESTIONNAIRE_CONFLICT' as const,
      answers: { ...stored, constructionYear: 1962 },
      version: 6,
      savedBy: { username: 'architekt', firstName: 'Anna', lastName: 'Bau' },
      savedAt: '2026-11-27T09:00:00.000Z',
      fields: ['constructionYear'],
    };
    setup(fakeQueue([queuedYear('conflict', { conflict })]).state);
    const dialog = await screen.findByRole('dialog', { name: 'Jemand anderes hat diesen Schritt geändert' });
    const year = within(dialog).getByRole('group', { name: 'Baujahr' });
    expect(within(year).getByRole('radio', { name: 'Antwort von Anna Bau übernehmen: 1962' })).toBeTruthy();
    expect(within(year).getByRole('radio', { name: 'Meine Antwort übernehmen: 1980' })).toBeTruthy();
    expect(field('Baujahr')).toBeTruthy();
  });

  it('offline with nothing kept on the device says so at once, and loads the answers in place once the connection is back', async () => {
    setConnection(false);
    const { api } = setup(fakeQueue().state);
    const notKept = 'Der Fragebogen ist auf diesem Gerät nicht gespeichert. Öffnen Sie ihn einmal mit Verbindung, dann steht er auch offline bereit.';
    expect(await screen.findByText(notKept)).toBeTruthy();
    expect(screen.queryByText(de.common.loading)).toBeNull();
    expect(api.calls).toEqual([]);

    setConnection(true);
    expect((await screen.findByLabelText<HTMLInputElement>('Baujahr')).value).toBe('1965');
    expect(screen.getByRole('heading', { level: 1, name: 'Allgemeine Informationen' })).toBeTruthy();
    expect(screen.queryByText(/Seite \//)).toBeNull();
  });
});
