// The live channel: SEND → MESSAGE latency to many subscribers through the STOMP broker, against a
// bare `ws` broadcast of the same payload in the same run; memory per idle connection.
import WebSocket from 'ws';

export interface LatencyFigures {
  p50: number;
  p99: number;
  deliveries: number;
}

export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/** The largest value; Math.max(...values) overflows the stack for a long run's hundred thousand answers. */
export function largest(values: number[]): number {
  return values.reduce((max, value) => (value > max ? value : max), 0);
}

const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });

/** The time the sender wrote into the text: both ends are this process, so one clock serves. */
const sentAtOf = (text: string) => Number(/t=([\d.]+);/.exec(text)?.[1] ?? Number.NaN);

/**
 * Opens `count` subscriber connections; `prepare` speaks the protocol on each. Then sends `messages`
 * one after another (the next once every subscriber has the last) and records each delivery's latency.
 */
async function measure(options: {
  url: string;
  count: number;
  messages: number;
  prepare(socket: WebSocket): Promise<void>;
  send(sender: WebSocket, text: string): void;
  /** Called once every connection is open and subscribed, before the first message. */
  onReady?(): Promise<void>;
}): Promise<LatencyFigures & { sockets: WebSocket[]; sender: WebSocket }> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < options.count; i++) {
    const socket = await open(options.url);
    await options.prepare(socket);
    sockets.push(socket);
  }
  const sender = await open(options.url);
  await options.prepare(sender);
  await options.onReady?.();
  const latencies: number[] = [];
  let pending = 0;
  let done: (() => void) | null = null;
  for (const socket of sockets) {
    socket.on('message', (data) => {
      const sentAt = sentAtOf(String(data));
      if (Number.isNaN(sentAt)) return;
      latencies.push(performance.now() - sentAt);
      pending -= 1;
      if (pending === 0) done?.();
    });
  }
  for (let i = 0; i < options.messages; i++) {
    pending = sockets.length;
    const all = new Promise<void>((resolve) => (done = resolve));
    options.send(sender, `Nachricht ${i} t=${performance.now()}; ${'x'.repeat(200)}`);
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  // The first messages warm the code paths up; they are not counted.
  const counted = latencies.slice(Math.min(latencies.length, sockets.length * 5));
  return { p50: percentile(counted, 0.5), p99: percentile(counted, 0.99), deliveries: counted.length, sockets, sender };
}

export async function rawBroadcast(port: number, count: number, messages: number) {
  return measure({
    url: `ws://127.0.0.1:${port}/ws`,
    count,
    messages,
    prepare: async () => undefined,
    send: (sender, text) => sender.send(text),
  });
}

/** Waits for the next frame starting with `command`. */
const frame = (socket: WebSocket, command: string) =>
  new Promise<string>((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const text = String(data);
      if (text.startsWith('ERROR')) return reject(new Error(text));
      if (!text.startsWith(command)) return;
      socket.off('message', onMessage);
      resolve(text);
    };
    socket.on('message', onMessage);
  });

export async function stompBroadcast(options: {
  port: number;
  token: string;
  chatId: number;
  sender: string;
  receiver: string;
  count: number;
  messages: number;
  onReady?(): Promise<void>;
}) {
  let subscription = 0;
  return measure({
    url: `ws://127.0.0.1:${options.port}/ws`,
    count: options.count,
    messages: options.messages,
    ...(options.onReady ? { onReady: options.onReady } : {}),
    async prepare(socket) {
      const connected = frame(socket, 'CONNECTED');
      socket.send(`CONNECT\naccept-version:1.2\nheart-beat:10000,10000\nAuthorization:Bearer ${options.token}\n\n\u0000`);
      await connected;
      const receipt = frame(socket, 'RECEIPT');
      socket.send(`SUBSCRIBE\nid:${subscription++}\ndestination:/topic/chat/${options.chatId}\nreceipt:s\n\n\u0000`);
      await receipt;
    },
    send(sender, text) {
      const body = JSON.stringify({ message: text, senderUsername: options.sender, receiverUsername: options.receiver, chatId: options.chatId, isRead: false });
      sender.send(`SEND\ndestination:/app/chat/${options.chatId}\ncontent-type:application/json\n\n${body}\u0000`);
    },
  });
}

export const closeAll = (sockets: WebSocket[]) => {
  for (const socket of sockets) socket.terminate();
};
