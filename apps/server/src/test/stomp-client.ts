import { Client, type IFrame, type IMessage, type StompSubscription } from '@stomp/stompjs';
import WebSocket from 'ws';

/** A real @stomp/stompjs client, as the web app uses it, over `ws` (tests run where no browser is). */
export interface TestStomp {
  client: Client;
  /** Resolves on CONNECTED; rejects on an ERROR frame or a closed socket before it. */
  connected: Promise<void>;
  errors: IFrame[];
  /** Resolves when the socket has closed. */
  closed: Promise<void>;
  subscribe(destination: string): { messages: unknown[]; next(predicate?: (body: unknown) => boolean): Promise<unknown>; subscription: StompSubscription };
  publish(destination: string, body: unknown): void;
  close(): Promise<void>;
}

export function connectStomp(baseUrl: string, token: string | null, options: { heartbeatMs?: number } = {}): TestStomp {
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws`;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const errors: IFrame[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(url),
    connectHeaders: token ? { Authorization: `Bearer ${token}` } : {},
    reconnectDelay: 0,
    heartbeatIncoming: options.heartbeatMs ?? 10_000,
    heartbeatOutgoing: options.heartbeatMs ?? 10_000,
  });
  const connected = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => {
      errors.push(frame);
      reject(new Error(frame.headers.message));
    };
    client.onWebSocketClose = () => {
      resolveClosed();
      reject(new Error('closed'));
    };
  });
  connected.catch(() => undefined);
  client.activate();

  return {
    client,
    connected,
    errors,
    closed,
    subscribe(destination) {
      const messages: unknown[] = [];
      const waiting: Array<{ predicate: (body: unknown) => boolean; resolve: (body: unknown) => void }> = [];
      const subscription = client.subscribe(destination, (message: IMessage) => {
        const body: unknown = JSON.parse(message.body);
        messages.push(body);
        for (const waiter of [...waiting]) {
          if (!waiter.predicate(body)) continue;
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(body);
        }
      });
      return {
        messages,
        subscription,
        next: (predicate = () => true) =>
          new Promise<unknown>((resolve, reject) => {
            const found = messages.find(predicate);
            if (found !== undefined) return resolve(found);
            const timer = setTimeout(() => reject(new Error(`nothing on ${destination} within 5 s; got ${JSON.stringify(messages)}`)), 5_000);
            waiting.push({ predicate, resolve: (body) => (clearTimeout(timer), resolve(body)) });
          }),
      };
    },
    publish(destination, body) {
      client.publish({ destination, body: JSON.stringify(body) });
    },
    async close() {
      await client.deactivate();
    },
  };
}
