import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, type RecordedCall } from '../../test/api-stub';
import { QueueContext, type QueueState } from '../offline/queue-context';
import type { QueueItem } from '../offline/queue-store';
import { GeneralPage } from './general-page';
import { field, press, renderStep } from './questionnaire-test-utils';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

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
});
