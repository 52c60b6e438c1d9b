import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedChat } from '@bauakte/domain';
import { bearer, generousBudgets, testDialects } from '../../test/test-app';
import { chatCalls, chatSetUp, type ChatSetup } from '../../test/chat-fixtures';
import { sample } from '../../test/metrics-text';
import { connectStomp, openRawStomp, type RawStomp, type TestStomp } from '../../test/stomp-client';

const metricsToken = 'scrape-token-0123456789abcdef';
const maxBufferedBytes = 64 * 1024;
const limits = {
  METRICS_TOKEN: metricsToken,
  LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: '3',
  LIVE_MAX_CONNECTIONS_PER_USER: '2',
  LIVE_MAX_BUFFERED_BYTES: String(maxBufferedBytes),
  LIVE_FRAME_READ_TIMEOUT_SECONDS: '1',
  ...generousBudgets,
};

const messageHeader = (frame: string) => /\nmessage:([^\n]*)/.exec(frame)?.[1]?.replaceAll('\\c', ':');
const codeHeader = (frame: string) => /\ncode:([^\n]*)/.exec(frame)?.[1];

function until(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('condition not met in time');
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

describe.each(testDialects)('live channel limits on %s', (dialect) => {
  let setup: ChatSetup;
  let call: ReturnType<typeof chatCalls>;
  let url: string;
  /** Chats of kunde with mara and with tom: kunde's destinations are these two, the queue and the presence list. */
  let chats: number[];
  const open: Array<TestStomp | RawStomp> = [];

  const metric = async (name: string, labels: Record<string, string> = {}) => {
    const response = await setup.ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) });
    return sample(response.body, name, labels) ?? Number.NaN;
  };
  const refusals = (kind: string) => metric('bauakte_websocket_refusals_total', { kind });

  /** A raw connection of the user, connected (without heart-beats) and with the given subscriptions confirmed. */
  async function raw(who: string, destinations: string[] = []): Promise<RawStomp> {
    const stomp = await openRawStomp(url);
    open.push(stomp);
    stomp.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${setup.tokens[who]}\n\n\u0000`);
    await stomp.next((frame) => frame.startsWith('CONNECTED'));
    for (const [index, destination] of destinations.entries()) await subscribe(stomp, `s-${index}`, destination);
    return stomp;
  }
  async function subscribe(stomp: RawStomp, id: string, destination: string): Promise<void> {
    stomp.send(`SUBSCRIBE\nid:${id}\ndestination:${destination}\nreceipt:r-${id}\n\n\u0000`);
    await stomp.next((frame) => frame.startsWith('RECEIPT') && frame.includes(`receipt-id:r-${id}\n`));
  }

  beforeAll(async () => {
    setup = await chatSetUp(dialect, limits);
    call = chatCalls(setup);
    url = await setup.ctx.app.listen({ host: '127.0.0.1', port: 0 });
    chats = [];
    for (const architect of ['mara', 'tom']) chats.push((await call.createChat(architect, 'kunde', 'Grüß Gott!')).json<CreatedChat>().chatId);
  });
  afterEach(async () => {
    for (const stomp of open.splice(0)) {
      if ('client' in stomp) await stomp.close();
      else stomp.socket.terminate();
    }
    await until(async () => (await metric('bauakte_websocket_connections')) === 0);
  });
  afterAll(() => setup.ctx.close());

  it('refuses a subscription beyond the limit per connection with a German ERROR and closes', async () => {
    const before = await refusals('subscription_limit');
    const kunde = await raw('kunde', ['/topic/activeUsers', '/user/queue/messages', `/topic/chat/${chats[0]}`]);
    expect(await metric('bauakte_websocket_subscriptions')).toBe(3);
    kunde.send(`SUBSCRIBE\nid:s-3\ndestination:/topic/chat/${chats[1]}\nreceipt:r-s-3\n\n\u0000`);
    const error = await kunde.next((frame) => frame.startsWith('ERROR'));
    expect(messageHeader(error)).toBe('Eine Verbindung kann höchstens 3 Ziele abonnieren.');
    expect(codeHeader(error)).toBe('TOO_MANY_ATTEMPTS');
    expect(kunde.frames.some((frame) => frame.includes('receipt-id:r-s-3'))).toBe(false);
    await kunde.closed;
    expect(await refusals('subscription_limit')).toBe(before + 1);
    // The closed connection's subscriptions are gone with it.
    await until(async () => (await metric('bauakte_websocket_subscriptions')) === 0);
  });

  it('refuses a second subscription of one destination on one connection, and allows it again after UNSUBSCRIBE', async () => {
    const before = await refusals('duplicate_subscription');
    const kunde = await raw('kunde', ['/user/queue/messages']);
    kunde.send('UNSUBSCRIBE\nid:s-0\n\n\u0000');
    await subscribe(kunde, 'again', '/user/queue/messages');
    kunde.send('SUBSCRIBE\nid:twice\ndestination:/user/queue/messages\n\n\u0000');
    const error = await kunde.next((frame) => frame.startsWith('ERROR'));
    expect(messageHeader(error)).toBe('Dieses Ziel ist auf dieser Verbindung bereits abonniert.');
    expect(codeHeader(error)).toBe('CONFLICT');
    await kunde.closed;
    expect(await refusals('duplicate_subscription')).toBe(before + 1);
  });

  it("refuses a user's connection beyond the limit with a German ERROR and closes it; a closed one frees its place", async () => {
    const before = await refusals('connection_limit');
    const first = connectStomp(url, setup.tokens.kunde!);
    const second = connectStomp(url, setup.tokens.kunde!);
    open.push(first, second);
    await Promise.all([first.connected, second.connected]);
    // Another user is not counted against kunde.
    const mara = connectStomp(url, setup.tokens.mara!);
    open.push(mara);
    await mara.connected;

    const third = connectStomp(url, setup.tokens.kunde!);
    open.push(third);
    await expect(third.connected).rejects.toThrow('Sie haben bereits 2 Live-Verbindungen geöffnet. Bitte schließen Sie Fenster oder Tabs, die Sie nicht brauchen.');
    await third.closed;
    expect(third.errors[0]?.headers.code).toBe('TOO_MANY_ATTEMPTS');
    expect(await refusals('connection_limit')).toBe(before + 1);
    expect(await metric('bauakte_websocket_connections')).toBe(3);

    await first.close();
    await until(async () => (await metric('bauakte_websocket_connections')) === 2);
    const fourth = connectStomp(url, setup.tokens.kunde!);
    open.push(fourth);
    await fourth.connected;
  });

  it('closes a connection that stops taking its messages, and its unsent bytes stay bounded', async () => {
    const before = await metric('bauakte_websocket_slow_consumer_closes_total');
    const kunde = await raw('kunde', ['/user/queue/messages', `/topic/chat/${chats[0]}`]);
    kunde.pause();
    // Each message reaches the paused connection twice (queue and topic), some 20 KB each time.
    const text = 'ä'.repeat(10_000);
    let sent = 0;
    let largest = 0;
    while ((await metric('bauakte_websocket_slow_consumer_closes_total')) === before) {
      expect(sent, 'the paused connection was never closed').toBeLessThan(1_500);
      expect((await call.send('mara', chats[0]!, text)).statusCode).toBe(201);
      sent += 1;
      largest = Math.max(largest, await metric('bauakte_websocket_buffered_bytes'));
    }
    // Checked before each frame: at most the bound and the one frame sent on top of it.
    expect(largest).toBeLessThanOrEqual(maxBufferedBytes + 2 * 21_000);
    expect(await metric('bauakte_websocket_slow_consumer_closes_total')).toBe(before + 1);
    // Everything of the connection is released: it, its subscriptions, and its socket's bytes.
    expect(await metric('bauakte_websocket_connections')).toBe(0);
    expect(await metric('bauakte_websocket_subscriptions')).toBe(0);
    await until(async () => (await metric('bauakte_websocket_buffered_bytes')) === 0);
    kunde.resume();
    // 1013 if the close frame got through before the socket was cut, 1006 if not.
    expect([1013, 1006]).toContain(await kunde.closed);

    // The messages are stored all the same; a new connection works.
    const again = await raw('kunde', ['/user/queue/messages']);
    expect(again.frames[0]).toMatch(/^CONNECTED/);
  });

  it('closes a connection whose frame does not end within the read deadline', async () => {
    const before = await refusals('frame_timeout');
    const kunde = await raw('kunde');
    // A frame in pieces is fine as long as it ends in time, and each frame gets its own deadline.
    // The pauses run on fake time, so a busy machine cannot stretch them past the deadline.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      kunde.send('SUBSCRIBE\nid:a\ndestination:/user/queue/messages\n');
      vi.advanceTimersByTime(600);
      kunde.send('receipt:r-a\n\n\u0000SUBSCRIBE\nid:b\n');
      await kunde.next((frame) => frame.includes('receipt-id:r-a'));
      vi.advanceTimersByTime(600);
      kunde.send('destination:/topic/activeUsers\nreceipt:r-b\n\n\u0000');
      await kunde.next((frame) => frame.includes('receipt-id:r-b'));
    } finally {
      vi.useRealTimers();
    }

    const startedAt = Date.now();
    kunde.send(`SEND\ndestination:/app/chat/${chats[0]}\n\n{"message":"nie zu Ende`);
    const error = await kunde.next((frame) => frame.startsWith('ERROR'), 30_000);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    expect(messageHeader(error)).toBe('Der Frame ist nicht innerhalb einer Sekunde vollständig angekommen.');
    await kunde.closed;
    expect(await refusals('frame_timeout')).toBe(before + 1);
  });

  it('handles a burst of SENDs in order and completely, however many frames arrive at once', async () => {
    const chatId = chats[1]!;
    const kunde = await raw('kunde');
    const send = (n: number) => `SEND\ndestination:/app/chat/${chatId}\n\n${JSON.stringify({ message: `Nr. ${n}`, senderUsername: 'kunde', receiverUsername: 'tom', chatId })}\u0000`;
    for (let burst = 0; burst < 4; burst++) kunde.send(Array.from({ length: 50 }, (_, i) => send(burst * 50 + i)).join(''));
    kunde.send('DISCONNECT\nreceipt:fertig\n\n\u0000');
    await kunde.next((frame) => frame.includes('receipt-id:fertig'), 20_000);
    const stored = await setup.ctx.database.db.selectFrom('chatMessages').select('body').where('chatId', '=', chatId).where('body', 'like', 'Nr. %').orderBy('id').execute();
    expect(stored.map((row) => row.body)).toEqual(Array.from({ length: 200 }, (_, i) => `Nr. ${i}`));
  });

  it('refuses a WebSocket message larger than two of the largest frames before reading it (1009)', async () => {
    const kunde = await raw('kunde');
    kunde.send(`SEND\ndestination:/app/chat/${chats[0]}\n\n${'x'.repeat(130 * 1024)}\u0000`);
    expect(await kunde.closed).toBe(1009);
  });

  it('counts a frame over 64 KiB as refused for its size', async () => {
    const before = await refusals('frame_too_large');
    const kunde = await raw('kunde');
    kunde.send(`SEND\ndestination:/app/chat/${chats[0]}\n\n${'x'.repeat(70 * 1024)}\u0000`);
    const error = await kunde.next((frame) => frame.startsWith('ERROR'));
    expect(messageHeader(error)).toBe('Der Frame ist zu groß.');
    expect(codeHeader(error)).toBe('PAYLOAD_TOO_LARGE');
    await kunde.closed;
    expect(await refusals('frame_too_large')).toBe(before + 1);
  });
});
