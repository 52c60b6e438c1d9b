import { Client, type StompSubscription } from '@stomp/stompjs';
import { liveClientSettings } from '@bauakte/domain';

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
  /** The server refused a frame (an ERROR frame, after which it closes the connection). */
  onRefusal(listener: (refusal: LiveRefusal) => void): () => void;
  close(): void;
}

export type LiveChannelFactory = (token: string) => LiveChannel;

/** An ERROR frame: the server's German message and its stable code (e.g. TOO_MANY_ATTEMPTS). */
export class LiveRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'LiveRefusal';
  }
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
  const refusalListeners = new Set<(refusal: LiveRefusal) => void>();
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
      const refusal = new LiveRefusal(frame.headers.message ?? frame.body, frame.headers.code);
      for (const listener of refusalListeners) listener(refusal);
    },
  });
  client.activate();

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
      void client.deactivate();
    },
  };
};
