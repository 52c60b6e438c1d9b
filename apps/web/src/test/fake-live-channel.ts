import type { ApiError } from '../lib/api';
import { liveRefusalOf, type LiveChannel } from '../platform/live/live-channel';

/** A live channel without a server: tests deliver frames by hand and read what was published. */
export function fakeLiveChannel() {
  const subscribers = new Map<string, Set<(body: unknown) => void>>();
  /** What each subscription is told once the (fake) server has taken it: at once while connected, else at connect(). */
  const activeListeners = new Set<() => void>();
  const listeners = new Set<(connected: boolean) => void>();
  const refusalListeners = new Set<(refusal: ApiError) => void>();
  const published: Array<{ destination: string; body: unknown }> = [];
  let connected = false;
  const channel: LiveChannel = {
    subscribe(destination, onBody, onActive) {
      const set = subscribers.get(destination) ?? new Set();
      set.add(onBody);
      subscribers.set(destination, set);
      if (onActive) activeListeners.add(onActive);
      if (onActive && connected) queueMicrotask(onActive);
      return () => {
        set.delete(onBody);
        if (onActive) activeListeners.delete(onActive);
      };
    },
    publish(destination, body) {
      if (!connected) return false;
      published.push({ destination, body });
      return true;
    },
    isConnected: () => connected,
    onConnectionChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRefusal(listener) {
      refusalListeners.add(listener);
      return () => refusalListeners.delete(listener);
    },
    close() {
      connected = false;
    },
  };
  return {
    channel,
    factory: () => channel,
    published,
    connect() {
      connected = true;
      for (const listener of listeners) listener(true);
      for (const onActive of activeListeners) queueMicrotask(onActive);
    },
    disconnect() {
      connected = false;
      for (const listener of listeners) listener(false);
    },
    /** An ERROR frame as the server writes it (the REST answer's body and headers), after which it closes the connection. */
    refuse(message: string, code: string, extra: { issues?: Array<{ path: string; message: string }>; retryAfter?: string } = {}) {
      const headers = { message, code, 'content-type': 'application/json', ...(extra.retryAfter ? { 'retry-after': extra.retryAfter } : {}) };
      const refusal = liveRefusalOf({ headers, body: JSON.stringify({ message, code, ...(extra.issues ? { issues: extra.issues } : {}) }) });
      for (const listener of refusalListeners) listener(refusal);
      connected = false;
      for (const listener of listeners) listener(false);
    },
    deliver(destination: string, body: unknown) {
      for (const subscriber of subscribers.get(destination) ?? []) subscriber(body);
    },
    isSubscribed: (destination: string) => (subscribers.get(destination)?.size ?? 0) > 0,
  };
}
