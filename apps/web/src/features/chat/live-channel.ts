import type { Client, StompSubscription } from '@stomp/stompjs';
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
  close(): void;
}

export type LiveChannelFactory = (token: string) => LiveChannel;

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
  let nextId = 0;
  let connected = false;
  let failingSince: number | null = Date.now();

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const listener of listeners) listener(value);
  };
  const attach = (stompClient: Client, entry: { destination: string; onBody: (body: unknown) => void; active?: StompSubscription }) => {
    entry.active = stompClient.subscribe(entry.destination, (message) => entry.onBody(parse(message.body)));
  };

  let client: Client | null = null;
  let closed = false;
  // stompjs loads after the page's first render: the chat is not what a phone must show first.
  void import('@stomp/stompjs')
    .then(({ Client: StompClient }) => {
      if (closed) return;
      const stompClient: Client = new StompClient({
        brokerURL: liveUrl(),
        connectHeaders: { Authorization: `Bearer ${token}` },
        reconnectDelay: liveClientSettings.reconnectDelayMs,
        heartbeatIncoming: liveClientSettings.heartbeatMs,
        heartbeatOutgoing: liveClientSettings.heartbeatMs,
        onConnect: () => {
          failingSince = null;
          for (const entry of registry.values()) attach(stompClient, entry);
          setConnected(true);
        },
        onWebSocketClose: () => {
          setConnected(false);
          failingSince ??= Date.now();
          // Spec: stop trying after 15 minutes without a connection; a reload starts again.
          if (Date.now() - failingSince > liveClientSettings.giveUpAfterMs) void stompClient.deactivate();
        },
        // Chat errors are only logged (spec section 8); stompjs reconnects by itself.
        onStompError: (frame) => console.warn('Live-Kanal:', frame.headers.message),
      });
      client = stompClient;
      stompClient.activate();
    })
    .catch((error: unknown) => console.warn('Live-Kanal nicht geladen:', error));

  return {
    subscribe(destination, onBody) {
      const id = nextId++;
      const entry: { destination: string; onBody: (body: unknown) => void; active?: StompSubscription } = { destination, onBody };
      registry.set(id, entry);
      if (connected && client) attach(client, entry);
      return () => {
        registry.delete(id);
        if (connected) entry.active?.unsubscribe();
      };
    },
    publish(destination, body) {
      if (!connected || !client) return false;
      client.publish({ destination, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      return true;
    },
    isConnected: () => connected,
    onConnectionChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      listeners.clear();
      registry.clear();
      void client?.deactivate();
    },
  };
};
