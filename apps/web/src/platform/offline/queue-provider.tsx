import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { inTaskOfItsOwn } from '../../lib/after-paint';
import { isOnline } from '../../lib/online-status';
import { onUserDataRemoval } from '../../lib/user-data';
import { useSession } from '../session/session-context';
import { useNotify } from '../feedback/feedback-context';
import { de } from '../../i18n/de';
import { QueueContext, type QueueState } from './queue-context';
import { isWellFormed, openQueueStore, type QueueItem, type QueueOwner, type QueuePayload, type QueueStore } from './queue-store';
import { syncQueue, type QueueSenders } from './queue-sync';
import { currentDeviceKey, subscribeDeviceKey } from './device-crypto';

/** When the server could not be reached although the browser says it is online, or gave no Retry-After. */
const retryDelayMs = 15_000;

let opened: Promise<QueueStore> | undefined;

/** The one store of this page; undefined where the browser has no IndexedDB. */
function queueStore(): Promise<QueueStore> | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  opened ??= openQueueStore();
  return opened;
}

// A logout removes the user's queued changes with everything else the browser keeps of them.
onUserDataRemoval(async (username) => {
  const store = queueStore();
  if (store) await (await store).clear(username);
});

/** Runs one sync at a time, across the tabs of this browser where it can. */
function exclusively(username: string, run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run();
  return locks.request(`bauakte-queue-${username.toLowerCase()}`, run).then(() => undefined);
}

/**
 * The logged-in user's queue: read at start, sent at start, when the connection comes back, on
 * request and after the server asked to wait; only this user's items are read or sent.
 */
/**
 * How the app sends each kind of change and what it refreshes after one went: given by the shell,
 * which knows the features' requests, so this lower layer imports none of them.
 */
export interface QueueDelivery {
  senders(username: string): QueueSenders;
  afterSent(queryClient: QueryClient, payload: QueuePayload): void;
}

/** The delivery is loaded when a change waits to be sent: the features' requests (the questionnaire's schemas among them) are not part of every page's start. */
export type LoadQueueDelivery = () => Promise<QueueDelivery>;

const sendable = (item: QueueItem) => item.status === 'waiting' || item.status === 'sending';

export function QueueProvider({ loadDelivery, children }: { loadDelivery: LoadQueueDelivery; children: ReactNode }) {
  const { user } = useSession();
  const username = user?.username;
  const userId = user?.userId;
  // The queue is read and written with the user's device key only: until it is held, there is none.
  const key = useSyncExternalStore(subscribeDeviceKey, () => (username === undefined ? undefined : currentDeviceKey(username)));
  // A session that names no account id (a token from before ids were in it) keeps no queue.
  const owner = useMemo<QueueOwner | undefined>(
    () => (username !== undefined && userId !== undefined && key !== undefined ? { username, userId, key } : undefined),
    [username, userId, key],
  );
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [store, setStore] = useState<QueueStore | null | undefined>(undefined);
  const [items, setItems] = useState<QueueItem[] | undefined>(undefined);
  const [unreadable, setUnreadable] = useState<QueueItem[]>([]);
  const [progress, setProgress] = useState<ReadonlyMap<number, number | null>>(new Map());
  const running = useRef(false);
  const again = useRef(false);
  const retryTimer = useRef<number | undefined>(undefined);

  useEffect(
    () =>
      inTaskOfItsOwn(() => {
        const pending = queueStore();
        if (!pending) {
          setStore(null);
          return;
        }
        pending.then(setStore, (error: unknown) => {
          console.warn('Offline-Warteschlange nicht verfügbar', error);
          setStore(null);
        });
      }),
    [],
  );

  // Other tabs of this browser show the same queue: each change is announced to them.
  const channel = useRef<BroadcastChannel | null>(null);

  const read = useCallback(async () => {
    if (!store || !owner) return;
    const all = await store.list(owner);
    setItems(all.filter(isWellFormed));
    setUnreadable(all.filter((item) => !isWellFormed(item)));
  }, [store, owner]);

  const reload = useCallback(async () => {
    await read();
    channel.current?.postMessage('changed');
  }, [read]);

  useEffect(() => {
    if (!store || typeof BroadcastChannel === 'undefined') return undefined;
    const opened = new BroadcastChannel('bauakte-queue');
    channel.current = opened;
    opened.addEventListener('message', () => void read());
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [store, read]);

  useEffect(() => {
    if (store === null) setItems([]);
    else void read();
  }, [store, read]);

  const scheduleRetry = useCallback((ms: number, run: () => void) => {
    window.clearTimeout(retryTimer.current);
    retryTimer.current = window.setTimeout(run, ms);
  }, []);

  const sync = useCallback(() => {
    if (!store || !owner) return;
    if (running.current) {
      again.current = true;
      return;
    }
    if (!isOnline()) return;
    running.current = true;
    const run = async () => {
      if (!(await store.list(owner)).some(sendable)) return;
      const delivery = await loadDelivery();
      const outcome = await syncQueue(store, owner, delivery.senders(owner.username), {
        onChange: () => void reload(),
        onProgress: (item, share) => setProgress((before) => new Map(before).set(item.id, share === null ? null : Math.round(share * 100))),
        onKept: (_item, status) => notify(status === 'conflict' ? de.offlineQueue.conflictNotice : de.offlineQueue.refusedNotice),
      });
      for (const item of outcome.sent) delivery.afterSent(queryClient, item.payload);
      if (outcome.kind === 'later') scheduleRetry((outcome.retryAfterSeconds ?? retryDelayMs / 1000) * 1000, sync);
      // The browser says online but nothing answered: try again after a while, the 'online' event may not come.
      if (outcome.kind === 'offline' && isOnline()) scheduleRetry(retryDelayMs, sync);
    };
    void exclusively(owner.username, run)
      .catch((error: unknown) => console.warn('Offline-Warteschlange: Senden fehlgeschlagen', error))
      .finally(() => {
        running.current = false;
        setProgress(new Map());
        void reload();
        if (again.current) {
          again.current = false;
          sync();
        }
      });
  }, [store, owner, reload, queryClient, scheduleRetry, notify, loadDelivery]);

  // At start while logged in, and whenever the connection comes back. The start's sync runs in a task
  // of its own: its lock request and store reads need not lengthen the one that shows the page.
  useEffect(() => {
    const cancelStart = inTaskOfItsOwn(sync);
    window.addEventListener('online', sync);
    return () => {
      cancelStart();
      window.removeEventListener('online', sync);
      window.clearTimeout(retryTimer.current);
    };
  }, [sync]);

  const value = useMemo<QueueState>(() => {
    const requireStore = () => {
      if (!store || !owner) throw new Error('no offline queue');
      return { store, owner };
    };
    const afterAdd = async (item: QueueItem) => {
      await reload();
      // Queued after a request found no answer although the browser says online: try again a bit later.
      if (isOnline()) scheduleRetry(retryDelayMs, sync);
      return item;
    };
    return {
      available: Boolean(store && owner),
      items: store === null ? [] : items,
      unreadable,
      progress,
      enqueue: async (payload) => {
        const { store: queue, owner: by } = requireStore();
        return afterAdd(await queue.add(by, payload));
      },
      putStep: async (payload) => {
        const { store: queue, owner: by } = requireStore();
        return afterAdd(await queue.putStep(by, payload));
      },
      replace: async (id, payload) => {
        const { store: queue, owner: by } = requireStore();
        await queue.replacePayload(by, id, payload);
        await reload();
      },
      remove: async (id) => {
        const { store: queue } = requireStore();
        await queue.remove(id);
        await reload();
      },
      sync,
    };
  }, [store, owner, items, unreadable, progress, reload, scheduleRetry, sync]);

  return <QueueContext.Provider value={value}>{children}</QueueContext.Provider>;
}
