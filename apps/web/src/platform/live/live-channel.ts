import { Client, type StompSubscription } from '@stomp/stompjs';
import { errorStatus, liveClientSettings, type ErrorCode } from '@bauakte/domain/labels';
import { inTaskOfItsOwn } from '../../lib/after-paint';
import { ApiError, apiErrorOf } from '../../lib/api';

/**
 * The live channel (spec sections 5 and 7): STOMP over WebSocket at /ws with the Bearer token in
 * CONNECT. Subscriptions outlive reconnects; after 15 minutes without a connection it gives up.
 */
export interface LiveChannel {
  /** Answers an unsubscribe; the subscription is renewed after every reconnect. */
  subscribe(destination: string, onBody: (body: unknown) => void): () => void;
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

export const createStompChannel: LiveChannelFactory = (token) => {
  const registry = new Map<number, { destination: string; onBody: (body: unknown) => void; active?: StompSubscription }>();
  const listeners = new Set<(connected: boolean) => void>();
  const refusalListeners = new Set<(refusal: ApiError) => void>();
  let nextId = 0;
  let connected = false;
  let failingSince: number | null = Date.now();

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const listener of listeners) listener(value);
  };
  const attach = (entry: { destination: string; onBody: (body: unknown) => void; active?: StompSubscription }) => {
    entry.active = client.subscribe(entry.destination, (message) => entry.onBody(parse(message.body)));
  };

  const client = new Client({
    brokerURL: liveUrl(),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: liveClientSettings.reconnectDelayMs,
    heartbeatIncoming: liveClientSettings.heartbeatMs,
    heartbeatOutgoing: liveClientSettings.heartbeatMs,
    onConnect: () => {
      failingSince = null;
      for (const entry of registry.values()) attach(entry);
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
      for (const [id, entry] of registry) if (refused !== undefined && entry.destination === refused) registry.delete(id);
      const refusal = liveRefusalOf(frame);
      for (const listener of refusalListeners) listener(refusal);
    },
  });
  const cancelStart = inTaskOfItsOwn(() => client.activate());

  return {
    subscribe(destination, onBody) {
      const id = nextId++;
      const entry: { destination: string; onBody: (body: unknown) => void; active?: StompSubscription } = { destination, onBody };
      registry.set(id, entry);
      if (connected) attach(entry);
      return () => {
        registry.delete(id);
        if (connected) entry.active?.unsubscribe();
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
      registry.clear();
      cancelStart();
      void client.deactivate();
    },
  };
};
