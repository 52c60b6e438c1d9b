import { vi } from 'vitest';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { LiveChatContext } from '../platform/live/live-chat-context';
import { QueueContext, type QueueState } from '../platform/offline/queue-context';
import type { QueueItem, QueuePayload } from '../platform/offline/queue-store';
import { PinBoard } from '../features/files/pins/pin-board';
import type { UploadPhoto } from '../features/files/pins/pin-form';
import type { SessionUser } from '../lib/token';
import { fakeLiveChannel } from './fake-live-channel';
import { renderWithProviders } from './render';

/** The plan the pin tests place their pins on: file 34 of project 7. */
export const testPlan = { id: 34, name: 'Grundriss EG' } as ProjectFile;
export const testPinsPath = '/api/s3/project/7/files/34/pins';

/** Whose device the queue is on. */
interface QueueOwner {
  user: string;
  userId: number;
}

/** A queue on the device holding these items; what the board asks of it is recorded. */
export function fakeQueue(items: QueueItem[] = [], owner: QueueOwner = { user: 'mara', userId: 2 }) {
  const enqueue = vi.fn<QueueState['enqueue']>(async (payload) => ({ id: 1, ...owner, createdAt: '', status: 'waiting', bytes: 1, payload }));
  const replace = vi.fn<NonNullable<QueueState['replace']>>(async () => undefined);
  const remove = vi.fn<QueueState['remove']>(async () => undefined);
  const state: QueueState = { available: true, items, unreadable: [], progress: new Map(), enqueue, replace, putStep: vi.fn(), remove, sync: vi.fn() };
  return { state, enqueue, replace, remove };
}

/** One item of the queue, as the device keeps it. */
export const queuedItem = (id: number, payload: QueuePayload, status: QueueItem['status'] = 'waiting', reason?: string, owner: QueueOwner = { user: 'mara', userId: 2 }): QueueItem => ({
  id, ...owner, createdAt: '2026-11-27T08:00:00.000Z', status, bytes: 100, payload, ...(reason ? { reason } : {}),
});

/** The plan's board with its page and side panel, with this queue, as `user` sees it; live unless `connected` is false. */
export function renderPinBoard(queue: QueueState, user: SessionUser, { uploadPhoto = async () => 40, connected = true }: { uploadPhoto?: UploadPhoto; connected?: boolean } = {}): void {
  const live = fakeLiveChannel();
  live.connect();
  renderWithProviders(
    <LiveChatContext.Provider value={{ channel: live.channel, connected, activeUsers: new Set() }}>
      <QueueContext.Provider value={queue}>
        <PinBoard projectId="7" file={testPlan} page={1} uploadPhoto={uploadPhoto} photoOf={() => undefined}>
          {({ pageOverlay, sidePanel }) => (
            <div>
              <div data-plan-stage="">{pageOverlay}</div>
              {sidePanel}
            </div>
          )}
        </PinBoard>
      </QueueContext.Provider>
    </LiveChatContext.Provider>,
    { user },
  );
}
