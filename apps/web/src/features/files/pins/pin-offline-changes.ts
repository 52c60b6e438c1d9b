import { useMemo } from 'react';
import type { PinStatus } from '@bauakte/domain/labels';
import type { Pin } from '@bauakte/domain/schemas';
import { NetworkError } from '../../../lib/api';
import { isOnline } from '../../../lib/online-status';
import { useQueue } from '../../../platform/offline/queue-context';
import { useConfirm } from '../../../platform/feedback/feedback-context';
import { de } from '../../../i18n/de';
import type { QueueItem, QueuePayload } from '../../../platform/offline/queue-store';
import type { ItemChoice } from '../../../lib/pin-item-text';
import { deletePin, setPinItem, setPinStatus, updatePin } from './pins-api';
import type { PagePoint } from './pin-point';

type UpdatePayload = Extract<QueuePayload, { kind: 'pinUpdate' }>;
type StatusPayload = Extract<QueuePayload, { kind: 'pinStatus' }>;
type ItemPayload = Extract<QueuePayload, { kind: 'pinItem' }>;
type ReplyPayload = Extract<QueuePayload, { kind: 'pinReply' }>;
export type QueuedPlacement = Extract<QueuePayload, { kind: 'pin' }>;

/** A queued change with its kind's payload. */
type Queued<P extends QueuePayload> = QueueItem & { payload: P };

/**
 * What waits on the device for one pin of the plan, the last of each kind in the queue's order: the
 * author's change, its status, its assignment ('Zuordnen') and its deletion; and every reply written
 * to it, in order.
 */
export interface PendingPin {
  update?: Queued<UpdatePayload>;
  status?: Queued<StatusPayload>;
  item?: Queued<ItemPayload>;
  remove?: QueueItem;
  replies?: Array<Queued<ReplyPayload>>;
}

/** The changes and deletions waiting for the pins of one plan, by pin id. */
export function pendingPinChanges(items: readonly QueueItem[] | undefined, projectId: string, fileId: number): Map<number, PendingPin> {
  const pending = new Map<number, PendingPin>();
  for (const item of items ?? []) {
    const { payload } = item;
    if (payload.kind !== 'pinUpdate' && payload.kind !== 'pinStatus' && payload.kind !== 'pinItem' && payload.kind !== 'pinDelete' && payload.kind !== 'pinReply') continue;
    if (payload.projectId !== projectId || payload.fileId !== fileId) continue;
    const entry = pending.get(payload.pinId) ?? {};
    if (payload.kind === 'pinReply') {
      entry.replies = [...(entry.replies ?? []), { ...item, payload }];
      pending.set(payload.pinId, entry);
      continue;
    }
    // The last of each kind counts: an older refused one is superseded by a newer change.
    if (payload.kind === 'pinUpdate') entry.update = { ...item, payload };
    else if (payload.kind === 'pinStatus') entry.status = { ...item, payload };
    else if (payload.kind === 'pinItem') entry.item = { ...item, payload };
    else entry.remove = item;
    pending.set(payload.pinId, entry);
  }
  return pending;
}

/** A change still to be sent (not one the server refused): the pin shows it in place of the server's. */
export const isOnItsWay = (item: QueueItem | undefined): item is QueueItem => item !== undefined && (item.status === 'waiting' || item.status === 'sending');

/**
 * The pin as it shows with its waiting changes: at its new spot, with its new comment, status, kind,
 * responsible person and due date; the version stays the server's.
 */
export function withPendingChange(pin: Pin, pending: PendingPin | undefined): Pin {
  const { update, status, item } = pending ?? {};
  return {
    ...pin,
    ...(isOnItsWay(update) ? { x: update.payload.x, y: update.payload.y, comment: update.payload.comment } : {}),
    ...(isOnItsWay(status) ? { status: status.payload.status } : {}),
    ...(isOnItsWay(item) ? { kind: item.payload.itemKind, responsible: item.payload.responsible, dueDate: item.payload.dueDate } : {}),
  };
}

/** Whether something of the pin waits to be sent: its next change goes behind it, in order. */
export const hasWaiting = (pending: PendingPin | undefined): boolean =>
  isOnItsWay(pending?.update) || isOnItsWay(pending?.status) || isOnItsWay(pending?.item) || isOnItsWay(pending?.remove);

/** Saved on the server, or kept on the device until online. */
export type PinChangeOutcome = { kind: 'saved'; pin: Pin } | { kind: 'queued' } | { kind: 'deleted' };

/** A pin's place and comment as the author changes them; what changed, for the list of waiting changes. */
export interface PinChange {
  x: number;
  y: number;
  comment: string;
}

/**
 * The changes of the plan's pins, online or kept on the device: the author's move, new comment and
 * deletion, the status, and the architects' assignment. Without a connection, or while something of
 * the pin still waits, the change is queued with the pin's version; a second change or assignment of
 * a pin whose one still waits merges into it (its place in the queue and its version kept). A pin
 * placed offline and not yet sent is changed in its placement.
 */
export function usePinChanges(projectId: string, fileId: number, planName: string) {
  const queue = useQueue();
  const confirm = useConfirm();
  const pending = useMemo(() => pendingPinChanges(queue.items, projectId, fileId), [queue.items, projectId, fileId]);

  const keepUpdate = async (pin: Pin, change: PinChange): Promise<PinChangeOutcome> => {
    const waiting = pending.get(pin.id)?.update;
    const moved = change.x !== pin.x || change.y !== pin.y;
    const commented = change.comment !== pin.comment;
    if (waiting?.status === 'waiting' && queue.replace) {
      const before = waiting.payload;
      await queue.replace(waiting.id, { ...before, ...change, moved: before.moved || moved, commented: before.commented || commented });
      return { kind: 'queued' };
    }
    const { number: pinNumber, photoFileId, version } = pin;
    await queue.enqueue({ kind: 'pinUpdate', projectId, fileId, planName, pinId: pin.id, pinNumber, ...change, photoFileId, version, moved, commented });
    return { kind: 'queued' };
  };

  const mustQueue = (pin: Pin) => queue.available && (!isOnline() || hasWaiting(pending.get(pin.id)));

  /** Sent at once, or kept: without a connection, behind a change of the pin still waiting, or when the request finds no answer. */
  const sentOrKept = async (pin: Pin, send: () => Promise<PinChangeOutcome>, keep: () => Promise<PinChangeOutcome>): Promise<PinChangeOutcome> => {
    if (mustQueue(pin)) return keep();
    try {
      return await send();
    } catch (failure) {
      if (failure instanceof NetworkError && queue.available) return keep();
      throw failure;
    }
  };

  /**
   * `pin` as the page shows it (with a waiting change); its version is the server's. Online the
   * change goes with new photos when given (their first as photoFileId); without, the pin keeps its photos.
   */
  const save = (pin: Pin, change: PinChange, photos?: { photoFileId: number | null; photoFileIds: number[] }): Promise<PinChangeOutcome> =>
    sentOrKept(
      pin,
      async () => ({ kind: 'saved', pin: await updatePin(pin.id, { ...change, ...photos, version: pin.version }) }),
      () => keepUpdate(pin, change),
    );

  const keepDelete = async (pin: Pin): Promise<PinChangeOutcome> => {
    await queue.enqueue({ kind: 'pinDelete', projectId, fileId, planName, pinId: pin.id, pinNumber: pin.number, version: pin.version });
    return { kind: 'queued' };
  };

  // Online a deletion goes as it always did; kept offline, it names the version it was chosen on.
  const remove = (pin: Pin): Promise<PinChangeOutcome> =>
    sentOrKept(
      pin,
      async () => {
        await deletePin(pin.id);
        return { kind: 'deleted' };
      },
      () => keepDelete(pin),
    );

  // Kept, the status names the version it was chosen on; changed meanwhile, it is refused with the server's 409 text.
  const setStatus = (pin: Pin, status: PinStatus): Promise<PinChangeOutcome> =>
    sentOrKept(
      pin,
      async () => ({ kind: 'saved', pin: await setPinStatus(pin.id, { status, version: pin.version }) }),
      async () => {
        await queue.enqueue({ kind: 'pinStatus', projectId, fileId, planName, pinId: pin.id, pinNumber: pin.number, status, version: pin.version });
        return { kind: 'queued' };
      },
    );

  // A second assignment of a pin whose assignment still waits merges into it (its place and version kept).
  const keepItem = async (pin: Pin, choice: ItemChoice): Promise<PinChangeOutcome> => {
    const waiting = pending.get(pin.id)?.item;
    if (waiting?.status === 'waiting' && queue.replace) {
      await queue.replace(waiting.id, { ...waiting.payload, ...choice });
      return { kind: 'queued' };
    }
    await queue.enqueue({ kind: 'pinItem', projectId, fileId, planName, pinId: pin.id, pinNumber: pin.number, ...choice, version: pin.version });
    return { kind: 'queued' };
  };

  /** Kind, responsible person and due date ('Zuordnen'), by the project's architects. */
  const assign = (pin: Pin, choice: ItemChoice): Promise<PinChangeOutcome> =>
    sentOrKept(
      pin,
      async () => ({
        kind: 'saved',
        pin: await setPinItem(pin.id, { kind: choice.itemKind, responsible: choice.responsible?.username ?? null, dueDate: choice.dueDate, version: pin.version }),
      }),
      () => keepItem(pin, choice),
    );

  /** A pin placed offline, moved before it was sent: its placement takes the new spot. */
  const moveQueued = async (item: QueueItem, placement: QueuedPlacement, point: PagePoint): Promise<void> => {
    await queue.replace?.(item.id, { ...placement, x: point.x, y: point.y });
  };

  /** A pin placed offline and deleted before it was sent: asked first, then it never reaches the server. */
  const discardAfterAsking = async (id: number): Promise<void> => {
    if (await confirm({ title: de.offlineQueue.confirmDiscard, confirmLabel: de.pins.delete, destructive: true })) await queue.remove(id);
  };

  return { pending, save, remove, setStatus, assign, mustQueue, moveQueued, discard: queue.remove, discardAfterAsking, replace: queue.replace };
}

export type PinChanges = ReturnType<typeof usePinChanges>;
