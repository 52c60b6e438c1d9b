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
  subscribe(destination: string): TestSubscription;
  publish(destination: string, body: unknown): void;
  close(): Promise<void>;
}

export interface TestSubscription {
  messages: unknown[];
  /** Resolves on the server's RECEIPT: from then on, what is published to the destination reaches this subscription. */
  ready: Promise<void>;
  next(predicate?: (body: unknown) => boolean): Promise<unknown>;
  subscription: StompSubscription;
}

/**
 * How long `next` waits before it fails with what did arrive: longer than the slowest delivery on a
 * busy machine, shorter than the test's own timeout, so a failure names the messages seen.
 */
const nextWithinMs = 20_000;

let receipts = 0;

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
      const receipt = `subscribed-${(receipts += 1)}`;
      const ready = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      const subscription = client.subscribe(destination, (message: IMessage) => {
        const body: unknown = JSON.parse(message.body);
        messages.push(body);
        for (const waiter of [...waiting]) {
          if (!waiter.predicate(body)) continue;
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(body);
        }
      }, { receipt });
      return {
        messages,
        ready,
        subscription,
        next: (predicate = () => true) =>
          new Promise<unknown>((resolve, reject) => {
            const found = messages.find(predicate);
            if (found !== undefined) return resolve(found);
            const timer = setTimeout(() => reject(new Error(`nothing on ${destination} within ${nextWithinMs / 1000} s; got ${JSON.stringify(messages)}`)), nextWithinMs);
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

/** A raw WebSocket speaking STOMP frames by hand: for what a library client would never do. */
export interface RawStomp {
  socket: WebSocket;
  /** Every frame received, as text (heart-beats left out). */
  frames: string[];
  /** Resolves on the first frame (now or later) that matches. */
  next(predicate: (frame: string) => boolean, timeoutMs?: number): Promise<string>;
  send(text: string): void;
  /** Resolves with the close code once the socket has closed. */
  closed: Promise<number>;
  /** Stops reading from the TCP connection, as a client that has stopped taking its messages. */
  pause(): void;
  resume(): void;
}

/** The underlying TCP socket; `ws` offers no public way to stop reading from it. */
const tcpOf = (socket: WebSocket) => (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;

export async function openRawStomp(baseUrl: string): Promise<RawStomp> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  const frames: string[] = [];
  const waiting: Array<{ predicate: (frame: string) => boolean; resolve: (frame: string) => void }> = [];
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('error', () => undefined);
  socket.on('message', (data) => {
    const text = String(data);
    if (text.trim() === '') return;
    frames.push(text);
    for (const waiter of [...waiting]) {
      if (!waiter.predicate(text)) continue;
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(text);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    next: (predicate, timeoutMs = 5_000) =>
      new Promise<string>((resolve, reject) => {
        const found = frames.find(predicate);
        if (found !== undefined) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
        waiting.push({ predicate, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
      }),
    send: (text) => socket.send(text),
    closed,
    pause: () => tcpOf(socket).pause(),
    resume: () => tcpOf(socket).resume(),
  };
}
