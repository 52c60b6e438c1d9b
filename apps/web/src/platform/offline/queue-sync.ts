import type { QuestionnaireConflict } from '@bauakte/domain/schemas';
import { ApiError, NetworkError } from '../../lib/api';
import { de } from '../../i18n/de';
import { belongsTo, isWellFormed, type QueueItem, type QueueOwner, type QueuePayload, type QueueStore } from './queue-store';

/**
 * How each kind of item is sent; an upload reports its progress (0–1, null while unknown), and a
 * change sent in two requests (a pin's photo, then the pin) keeps what is left after the first.
 */
export interface QueueSenders {
  send(payload: QueuePayload, onProgress: (share: number | null) => void, keepRest: (rest: QueuePayload) => Promise<void>): Promise<unknown>;
  /**
   * A later change of the same object made on the version the sent one started from, now on the
   * version the server answered (a pin moved, then its status set, both offline); undefined leaves it.
   */
  rebase?(sent: QueuePayload, answer: unknown, later: QueuePayload): QueuePayload | undefined;
  /** A step save's 409 with the step as it is now, or undefined for any other failure. */
  conflictOf(error: unknown): QuestionnaireConflict | undefined;
  /** The German reason of a refusal, shown beside the item. */
  reasonOf(error: unknown, payload: QueuePayload): string;
}

/**
 * How a run ended: everything that could go went (done), the connection is gone (offline), the
 * session is no longer accepted (unauthorized: the queue stays for the same user's next login), or
 * the server asks to wait (later, with its Retry-After in seconds when it sent one).
 */
export type SyncOutcome =
  | { kind: 'done'; sent: QueueItem[] }
  | { kind: 'offline'; sent: QueueItem[] }
  | { kind: 'unauthorized'; sent: QueueItem[] }
  | { kind: 'later'; sent: QueueItem[]; retryAfterSeconds: number | undefined };

export interface SyncHooks {
  /** After every change of an item's status, so the list on screen follows. */
  onChange?(): void;
  onProgress?(item: QueueItem, share: number | null): void;
  /** An item the server refused or found in conflict: it stays, and the person should hear of it. */
  onKept?(item: QueueItem, status: 'refused' | 'conflict'): void;
}

/** Answers that say "not now" rather than "no": the item waits and is sent again later. */
const isTemporary = (error: ApiError) => error.status === 429 || error.status === 503 || error.status >= 500 || error.status === 408;

type ItemOutcome = 'sent' | 'kept' | Exclude<SyncOutcome['kind'], 'done'>;

async function refuse(store: QueueStore, owner: QueueOwner, item: QueueItem, reason: string, hooks: SyncHooks): Promise<void> {
  await store.update(owner, item.id, { status: 'refused', reason });
  hooks.onKept?.(item, 'refused');
}

async function sendOne(store: QueueStore, owner: QueueOwner, item: QueueItem, senders: QueueSenders, hooks: SyncHooks): Promise<{ outcome: ItemOutcome; retryAfterSeconds?: number; answer?: unknown }> {
  await store.update(owner, item.id, { status: 'sending' });
  hooks.onChange?.();
  let answer: unknown;
  try {
    answer = await senders.send(
      item.payload,
      (share) => hooks.onProgress?.(item, share),
      (rest) => store.replacePayload(owner, item.id, rest),
    );
  } catch (error) {
    const conflict = senders.conflictOf(error);
    if (conflict) {
      await store.update(owner, item.id, { status: 'conflict', conflict, reason: undefined });
      hooks.onKept?.(item, 'conflict');
      return { outcome: 'kept' };
    }
    if (error instanceof ApiError && error.status === 401) {
      await store.update(owner, item.id, { status: 'waiting' });
      return { outcome: 'unauthorized' };
    }
    // Refused for good (validation, access lost, gone), or a request that could not even be made of
    // the item: kept with the reason until edited or discarded, and the items behind it go on.
    if (!(error instanceof NetworkError) && !(error instanceof ApiError && isTemporary(error))) {
      await refuse(store, owner, item, senders.reasonOf(error, item.payload), hooks);
      return { outcome: 'kept' };
    }
    await store.update(owner, item.id, { status: 'waiting' });
    if (error instanceof ApiError) return { outcome: 'later', retryAfterSeconds: error.retryAfterSeconds };
    return { outcome: 'offline' };
  }
  await store.remove(item.id);
  return { outcome: 'sent', answer };
}

/** The owner's items after a sent one that build on what it changed follow it to the server's new version. */
async function rebaseLater(store: QueueStore, owner: QueueOwner, sent: QueueItem, answer: unknown, later: QueueItem[], senders: QueueSenders): Promise<void> {
  if (!senders.rebase) return;
  for (const item of later) {
    if (!belongsTo(item, owner) || !isWellFormed(item)) continue;
    const rebased = senders.rebase(sent.payload, answer, item.payload);
    if (!rebased) continue;
    item.payload = rebased;
    await store.replacePayload(owner, item.id, rebased);
  }
}

/**
 * Sends the owner's waiting items in the order they were made, one at a time, under the owner's
 * session (the senders'): an item of another account is never sent. A refused or conflicting item
 * stays where it is with its reason and the others go on, as does one that cannot be sent as it is
 * stored (refused without a request); no answer, a refused session or a server asking to wait ends
 * the run, the item waiting as before.
 */
export async function syncQueue(store: QueueStore, owner: QueueOwner, senders: QueueSenders, hooks: SyncHooks = {}): Promise<SyncOutcome> {
  const sent: QueueItem[] = [];
  const items = await store.list(owner);
  for (const [index, item] of items.entries()) {
    if (item.status === 'refused') continue;
    if (!isWellFormed(item)) {
      await refuse(store, owner, item, de.offlineQueue.malformed, hooks);
      hooks.onChange?.();
      continue;
    }
    if (!belongsTo(item, owner) || (item.status !== 'waiting' && item.status !== 'sending')) continue;
    const { outcome, retryAfterSeconds, answer } = await sendOne(store, owner, item, senders, hooks);
    if (outcome === 'sent') {
      sent.push(item);
      await rebaseLater(store, owner, item, answer, items.slice(index + 1), senders);
    }
    hooks.onChange?.();
    if (outcome === 'offline' || outcome === 'unauthorized') return { kind: outcome, sent };
    if (outcome === 'later') return { kind: 'later', sent, retryAfterSeconds };
  }
  return { kind: 'done', sent };
}
