import { createContext, useContext } from 'react';
import type { QuestionnaireStep } from '@bauakte/domain/labels';
import { de } from '../../i18n/de';
import { QueueFullError, queuedStep, type QueueItem, type QueuePayload } from './queue-store';

/** The logged-in user's queue of changes made without a connection. */
export interface QueueState {
  /** False where the device keeps no queue (no IndexedDB, outside the shell): changes fail as before. */
  available: boolean;
  /** The user's items in order; undefined until they are read. */
  items: QueueItem[] | undefined;
  /**
   * Items under the user's name that cannot be read as a change (damaged or incomplete on the
   * device): never sent, listed as refused so the user can discard them.
   */
  unreadable: QueueItem[];
  /** An upload's progress while it is sent (0–100, null while unknown), by item id. */
  progress: ReadonlyMap<number, number | null>;
  /** Appends a change; rejects with QueueFullError past a bound. */
  enqueue(payload: QueuePayload): Promise<QueueItem>;
  /** A step's save, replacing the one already waiting for the same step. */
  putStep(payload: Extract<QueuePayload, { kind: 'step' }>): Promise<QueueItem>;
  /**
   * Changes a waiting item in its place (a pin placed offline, then moved before it was sent); absent
   * where the device keeps no queue.
   */
  replace?(id: number, payload: QueuePayload): Promise<void>;
  /** Drops an item (discarded, or sent by the page itself). */
  remove(id: number): Promise<void>;
  /** Sends what waits, now. */
  sync(): void;
}

const noQueue: QueueState = {
  available: false,
  items: [],
  unreadable: [],
  progress: new Map(),
  enqueue: () => Promise.reject(new Error('no offline queue')),
  putStep: () => Promise.reject(new Error('no offline queue')),
  remove: () => Promise.resolve(),
  sync: () => undefined,
};

export const QueueContext = createContext<QueueState>(noQueue);

export const useQueue = (): QueueState => useContext(QueueContext);

/** The queued save of a step, if one is waiting (or refused, or in conflict). */
export function useQueuedStep(projectId: string, step: QuestionnaireStep): { loading: boolean; item: QueueItem | undefined } {
  const { items } = useQueue();
  if (!items) return { loading: true, item: undefined };
  return { loading: false, item: queuedStep(items, projectId, step) };
}

/**
 * Why the device could not keep a change, in German: a file or photo over its bound, the queue or the
 * browser's storage full; undefined for any other failure.
 */
export function noRoomText(failure: unknown): string | undefined {
  if (failure instanceof QueueFullError) return failure.reason === 'file' ? de.offlineQueue.fileTooLarge : de.offlineQueue.full;
  if (failure instanceof DOMException && failure.name === 'QuotaExceededError') return de.offlineQueue.full;
  return undefined;
}
