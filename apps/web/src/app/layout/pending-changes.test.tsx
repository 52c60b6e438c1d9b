import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionUser } from '../../test/render';
import { ModalContext } from '../../platform/modals/modal-context';
import { QueueContext, type QueueState } from '../../platform/offline/queue-context';
import type { QueueItem, QueuePayload } from '../../platform/offline/queue-store';
import { PendingChanges } from './pending-changes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const item = { projectId: '7', fileId: 34, planName: 'Grundriss EG', pinId: 9, pinNumber: 3 };
const queued = (id: number, payload: QueuePayload, status: QueueItem['status'] = 'waiting', reason?: string): QueueItem => ({
  id, user: 'mara', userId: 2, createdAt: '2026-11-27T08:00:00.000Z', status, bytes: 100, payload, ...(reason ? { reason } : {}),
});
const photo = { file: new Blob(['x'], { type: 'image/jpeg' }), name: 'fliesen.jpg', title: 'Foto zur Antwort – Markierung 3 – Grundriss EG' };

function setup(items: QueueItem[]) {
  const state: QueueState = { available: true, items, unreadable: [], progress: new Map(), enqueue: vi.fn(), putStep: vi.fn(), remove: vi.fn(), sync: vi.fn() };
  renderWithProviders(
    <ModalContext.Provider value={{ current: null, openModal: vi.fn(), closeModal: vi.fn() }}>
      <QueueContext.Provider value={state}>
        <PendingChanges />
      </QueueContext.Provider>
    </ModalContext.Provider>,
    { user: sessionUser('mara', ['ARCHI']) },
  );
}

describe('the list of waiting changes', () => {
  it("names an item's assignment and a reply with its photos, each waiting for the connection", async () => {
    setup([
      queued(1, { kind: 'pinItem', ...item, itemKind: 'MANGEL', responsible: { username: 'klara', firstName: 'Klara', lastName: 'Kundin' }, dueDate: '2026-12-10', version: 4 }),
      queued(2, { kind: 'pinReply', ...item, text: 'Fliesen verlegt.', photos: [photo, photo], photoFileIds: [] }),
      queued(3, { kind: 'pinReply', ...item, text: 'Sockel fehlt.', photos: [], photoFileIds: [40] }),
      queued(4, { kind: 'pinItem', ...item, itemKind: 'INFORMATION', responsible: null, dueDate: null, version: 4 }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: '4 Änderungen warten' }));
    const list = screen.getByRole('dialog', { name: 'Wartende Änderungen' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual([
      'Punkt 3 auf „Grundriss EG“ zugeordnet: Mangel · Zuständig: Klara Kundin · Fällig am 10.12.2026',
      'Antwort zu Punkt 3 auf „Grundriss EG“ mit 2 Fotos: Fliesen verlegt.',
      'Antwort zu Punkt 3 auf „Grundriss EG“ mit 1 Foto: Sockel fehlt.',
      'Punkt 3 auf „Grundriss EG“ zugeordnet: Information · Zuständig: Niemand',
    ]);
    for (const entry of entries) expect(within(entry).getByText('Wartet auf Verbindung')).toBeTruthy();
  });

  it('shows an assignment refused for a change made meanwhile with the German reason', async () => {
    const reason = 'Diese Markierung wurde inzwischen auf einem anderen Gerät oder von jemand anderem geändert. Ihre Zuordnung wurde deshalb nicht übertragen.';
    setup([queued(1, { kind: 'pinItem', ...item, itemKind: 'RUECKFRAGE', responsible: null, dueDate: '2026-12-10', version: 4 }, 'refused', reason)]);
    await userEvent.click(screen.getByRole('button', { name: '1 Änderung wartet' }));
    const list = screen.getByRole('dialog', { name: 'Wartende Änderungen' });
    expect(within(list).getByText('Punkt 3 auf „Grundriss EG“ zugeordnet: Rückfrage · Zuständig: Niemand · Fällig am 10.12.2026')).toBeTruthy();
    expect(within(list).getByText('Abgelehnt')).toBeTruthy();
    expect(within(list).getByText(reason)).toBeTruthy();
  });
});
