import { Client, type StompSubscription } from '@stomp/stompjs';
import { errorStatus, liveClientSettings, type ErrorCode } from '@bauakte/domain/labels';
import { inTaskOfItsOwn } from '../../lib/after-paint';
import { ApiError, apiErrorOf } from '../../lib/api';

/**
 * The live channel (spec sections 5 and 7): STOMP over WebSocket at /ws with the Bearer token in
 * CONNECT. Subscriptions outlive reconnects; after 15 minutes without a connection it gives up.
 */
export interface LiveChannel {
  /**
   * Answers an unsubscribe; the subscription is renewed after every reconnect. `onActive` is told
   * each time the server has taken the subscription (its RECEIPT), at first and after a reconnect:
   * what was read before then may have missed a message, and can be read again from then on.
   */
  subscribe(destination: string, onBody: (body: unknown) => void, onActive?: () => void): () => void;
  /** Sends when connected; answers false otherwise, so the caller can use a plain request. */
  publish(destination: string, body: unknown): boolean;
  isConnected(): boolean;
  onConnectionChange(listener: (connected: boolean) => void): () => void;
  /**
   * The server refused a frame (an ERROR frame, after which it closes the connection): the refusal
   * REST would have answered, read like one. A refused subscription (its destination named in the
   * frame) is not renewed after the reconnect.
   */
  onRefusal(listener: (refusal: ApiError) => void): () => void;
  close(): void;
}

export type LiveChannelFactory = (token: string) => LiveChannel;

/** The parts of a STOMP ERROR frame a refusal is read from. */
export interface ErrorFrame {
  headers: Record<string, string | undefined>;
  body: string;
}

const isErrorCode = (code: string | undefined): code is ErrorCode => code !== undefined && Object.hasOwn(errorStatus, code);

/**
 * An ERROR frame as the REST answer it stands for: the status of its code, the JSON body (German
 * message, code, field issues) and Retry-After. A frame with a plain-text body (an older server)
 * is read from its message and code headers.
 */
export function liveRefusalOf(frame: ErrorFrame): ApiError {
  const code = frame.headers.code;
  const status = isErrorCode(code) ? errorStatus[code] : errorStatus.BAD_REQUEST;
  const answer = apiErrorOf(status, frame.body, frame.headers['retry-after'] ?? null);
  if (answer.serverMessage !== undefined) return answer;
  return new ApiError(status, frame.headers.message ?? (frame.body || undefined), code, [], answer.retryAfterSeconds);
}

const liveUrl = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${liveClientSettings.path}`;

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Someone listening to a destination. */
interface Listener {
  onBody: (body: unknown) => void;
  onActive?: () => void;
  ended?: boolean;
}

/**
 * A destination and everyone listening to it: one STOMP subscription however many parts of the page
 * listen (the server refuses a destination subscribed twice on one connection, and ends it).
 */
interface Topic {
  destination: string;
  listeners: Set<Listener>;
  active?: StompSubscription;
  /** The server has taken the subscription on this connection (its RECEIPT came). */
  taken: boolean;
}

export const createStompChannel: LiveChannelFactory = (token) => {
  const topics = new Map<string, Topic>();
  const listeners = new Set<(connected: boolean) => void>();
  const refusalListeners = new Set<(refusal: ApiError) => void>();
  let connected = false;
  let failingSince: number | null = Date.now();

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const listener of listeners) listener(value);
  };
  let nextReceipt = 0;
  const attach = (topic: Topic) => {
    topic.taken = false;
    const receipt = `subscribed-${nextReceipt++}`;
    client.watchForReceipt(receipt, () => {
      topic.taken = true;
      for (const listener of [...topic.listeners]) if (!listener.ended) listener.onActive?.();
    });
    topic.active = client.subscribe(
      topic.destination,
      (message) => {
        const body = parse(message.body);
        for (const listener of [...topic.listeners]) listener.onBody(body);
      },
      { receipt },
    );
  };

  const client = new Client({
    brokerURL: liveUrl(),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: liveClientSettings.reconnectDelayMs,
    heartbeatIncoming: liveClientSettings.heartbeatMs,
    heartbeatOutgoing: liveClientSettings.heartbeatMs,
    onConnect: () => {
      failingSince = null;
      for (const topic of topics.values()) attach(topic);
      setConnected(true);
    },
    onWebSocketClose: () => {
      setConnected(false);
      failingSince ??= Date.now();
      // Spec: stop trying after 15 minutes without a connection; a reload starts again.
      if (Date.now() - failingSince > liveClientSettings.giveUpAfterMs) void client.deactivate();
    },
    // Chat errors are logged (spec section 8); stompjs reconnects by itself. A send waiting for its
    // echo hears of the refusal, so the writer learns why instead of waiting for nothing.
    onStompError: (frame) => {
      console.warn('Live-Kanal:', frame.headers.message);
      // A refused subscription names its destination (access that ended, e.g. a project deleted):
      // it is not renewed after the reconnect, where it would only be refused again.
      const refused = frame.headers.destination;
      if (refused !== undefined) topics.delete(refused);
      const refusal = liveRefusalOf(frame);
      for (const listener of refusalListeners) listener(refusal);
    },
  });
  const cancelStart = inTaskOfItsOwn(() => client.activate());

  return {
    subscribe(destination, onBody, onActive) {
      const listener: Listener = { onBody, ...(onActive ? { onActive } : {}) };
      const known = topics.get(destination);
      const topic = known ?? { destination, listeners: new Set<Listener>(), taken: false };
      topic.listeners.add(listener);
      if (!known) {
        topics.set(destination, topic);
        if (connected) attach(topic);
      } else if (connected && topic.taken && onActive) {
        // Taken already: what this listener reads from now on misses nothing.
        queueMicrotask(() => {
          if (!listener.ended) onActive();
        });
      }
      return () => {
        listener.ended = true;
        topic.listeners.delete(listener);
        if (topic.listeners.size > 0 || topics.get(destination) !== topic) return;
        topics.delete(destination);
        if (connected) topic.active?.unsubscribe();
      };
    },
    publish(destination, body) {
      if (!connected) return false;
      client.publish({ destination, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
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
      listeners.clear();
      refusalListeners.clear();
      topics.clear();
      cancelStart();
      void client.deactivate();
    },
  };
};
