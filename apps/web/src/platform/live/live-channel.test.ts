import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StompConfig } from '@stomp/stompjs';
import { ApiError } from '../../lib/api';
import { createStompChannel } from './live-channel';

/** A stand-in for stompjs's Client: records its settings and what is subscribed, published and deactivated. */
const stomp = vi.hoisted(() => {
  const state = {
    config: undefined as StompConfig | undefined,
    subscribed: [] as string[],
    unsubscribed: [] as string[],
    published: [] as Array<{ destination: string; body?: string }>,
    handlers: new Map<string, (message: { body: string }) => void>(),
    subscribeHeaders: [] as Array<Record<string, string> | undefined>,
    receipts: new Map<string, () => void>(),
    activated: 0,
    deactivated: 0,
  };
  class FakeClient {
    constructor(config: StompConfig) {
      state.config = config;
    }
    activate() {
      state.activated += 1;
    }
    deactivate() {
      state.deactivated += 1;
      return Promise.resolve();
    }
    watchForReceipt(receipt: string, callback: () => void) {
      state.receipts.set(receipt, callback);
    }
    subscribe(destination: string, handler: (message: { body: string }) => void, headers?: Record<string, string>) {
      state.subscribed.push(destination);
      state.subscribeHeaders.push(headers);
      state.handlers.set(destination, handler);
      return { id: destination, unsubscribe: () => state.unsubscribed.push(destination) };
    }
    publish(params: { destination: string; body?: string }) {
      state.published.push({ destination: params.destination, body: params.body });
    }
  }
  return { state, FakeClient };
});

vi.mock('@stomp/stompjs', () => ({ Client: stomp.FakeClient }));

const { state } = stomp;
const connect = () => state.config?.onConnect?.({} as never);
const socketClosed = () => state.config?.onWebSocketClose?.({} as never);

beforeEach(() => {
  vi.useFakeTimers();
  state.config = undefined;
  state.subscribed.length = 0;
  state.unsubscribed.length = 0;
  state.published.length = 0;
  state.handlers.clear();
  state.subscribeHeaders.length = 0;
  state.receipts.clear();
  state.activated = 0;
  state.deactivated = 0;
});
afterEach(() => vi.useRealTimers());

describe('createStompChannel', () => {
  it("connects to the page's own /ws with the Bearer token and the spec's reconnect and heart-beat settings, in a task after its creation", () => {
    createStompChannel('abc.def.ghi');
    expect(state.activated).toBe(0);
    vi.advanceTimersByTime(0);
    expect(state.activated).toBe(1);
    expect(state.config).toMatchObject({
      brokerURL: `ws://${window.location.host}/ws`,
      connectHeaders: { Authorization: 'Bearer abc.def.ghi' },
      reconnectDelay: 5000,
      heartbeatIncoming: 10000,
      heartbeatOutgoing: 10000,
    });
  });

  it('subscribes once connected, again after every reconnect, and hands over the parsed body', () => {
    const channel = createStompChannel('t');
    const bodies: unknown[] = [];
    const stop = channel.subscribe('/topic/activeUsers', (body) => bodies.push(body));
    expect(state.subscribed).toEqual([]);
    connect();
    expect(channel.isConnected()).toBe(true);
    state.handlers.get('/topic/activeUsers')?.({ body: '["mara","kunde"]' });
    expect(bodies).toEqual([['mara', 'kunde']]);
    socketClosed();
    expect(channel.isConnected()).toBe(false);
    connect();
    expect(state.subscribed).toEqual(['/topic/activeUsers', '/topic/activeUsers']);
    stop();
    expect(state.unsubscribed).toEqual(['/topic/activeUsers']);
    socketClosed();
    connect();
    expect(state.subscribed).toHaveLength(2);
  });

  it('tells a subscriber that asks each time the server has taken its subscription (its RECEIPT), and no more once it ended', () => {
    const channel = createStompChannel('token');
    vi.runOnlyPendingTimers();
    const active = vi.fn();
    const unsubscribe = channel.subscribe('/topic/project/7/files', () => undefined, active);
    connect();
    const receipt = state.subscribeHeaders[0]?.receipt;
    expect(receipt).toBeTruthy();
    expect(active).not.toHaveBeenCalled();
    state.receipts.get(receipt!)?.();
    expect(active).toHaveBeenCalledTimes(1);
    // After a reconnect the subscription is taken again, and told again.
    socketClosed();
    connect();
    state.receipts.get(state.subscribeHeaders[1]!.receipt!)?.();
    expect(active).toHaveBeenCalledTimes(2);
    unsubscribe();
    state.receipts.get(receipt!)?.();
    expect(active).toHaveBeenCalledTimes(2);
  });

  it('subscribes a destination once however many listen, hands each its bodies, and ends it with the last listener (the server ends a connection that subscribes one twice)', async () => {
    const channel = createStompChannel('token');
    connect();
    const card: unknown[] = [];
    const viewer: unknown[] = [];
    const stopCard = channel.subscribe('/topic/project/7/pins', (body) => card.push(body));
    state.receipts.get(state.subscribeHeaders[0]!.receipt!)?.();
    const viewerActive = vi.fn();
    const stopViewer = channel.subscribe('/topic/project/7/pins', (body) => viewer.push(body), viewerActive);
    expect(state.subscribed).toEqual(['/topic/project/7/pins']);
    // Taken already: the viewer misses nothing from now on, and is told so.
    await Promise.resolve();
    expect(viewerActive).toHaveBeenCalledTimes(1);
    state.handlers.get('/topic/project/7/pins')?.({ body: '{"pinId":3}' });
    expect(card).toEqual([{ pinId: 3 }]);
    expect(viewer).toEqual([{ pinId: 3 }]);
    stopCard();
    expect(state.unsubscribed).toEqual([]);
    stopViewer();
    expect(state.unsubscribed).toEqual(['/topic/project/7/pins']);
  });

  it('publishes JSON only while connected, so the caller can fall back to a plain request', () => {
    const channel = createStompChannel('t');
    const seen: boolean[] = [];
    channel.onConnectionChange((connected) => seen.push(connected));
    expect(channel.publish('/app/chat/7', { message: 'Hallo' })).toBe(false);
    connect();
    expect(channel.publish('/app/chat/7', { message: 'Hallo' })).toBe(true);
    expect(state.published).toEqual([{ destination: '/app/chat/7', body: '{"message":"Hallo"}' }]);
    socketClosed();
    expect(seen).toEqual([true, false]);
  });

  it('stays active through a server restart (ERROR frame, close code 1012), leaving the reconnect to stompjs, and subscribes again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const channel = createStompChannel('t');
    channel.subscribe('/topic/chat/7', () => undefined);
    connect();
    state.config?.onStompError?.({ headers: { message: 'Der Server wird neu gestartet. Die Verbindung wird gleich wiederhergestellt.' } } as never);
    state.config?.onWebSocketClose?.({ code: 1012 } as never);
    expect(channel.isConnected()).toBe(false);
    expect(state.deactivated).toBe(0);
    expect(state.config?.reconnectDelay).toBeGreaterThan(0);
    connect();
    expect(state.subscribed).toEqual(['/topic/chat/7', '/topic/chat/7']);
    expect(channel.isConnected()).toBe(true);
    warn.mockRestore();
  });

  it('does not renew a subscription the server refused by name (access that ended), and renews the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const channel = createStompChannel('t');
    channel.subscribe('/topic/project/7/files', () => undefined);
    channel.subscribe('/topic/activeUsers', () => undefined);
    connect();
    state.config?.onStompError?.({ headers: { message: 'Nicht gefunden.', code: 'NOT_FOUND', destination: '/topic/project/7/files', subscription: 'sub-0' }, body: '' } as never);
    socketClosed();
    connect();
    expect(state.subscribed).toEqual(['/topic/project/7/files', '/topic/activeUsers', '/topic/activeUsers']);
    warn.mockRestore();
  });

  it("hands a refusal (ERROR frame) with the server's German message and code to whoever listens", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const channel = createStompChannel('t');
    const refusals: Array<{ message: string; code: string | undefined }> = [];
    const stop = channel.onRefusal((refusal) => refusals.push({ message: refusal.message, code: refusal.code }));
    connect();
    const message = 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.';
    state.config?.onStompError?.({ headers: { message, code: 'TOO_MANY_ATTEMPTS' }, body: message } as never);
    expect(refusals).toEqual([{ message, code: 'TOO_MANY_ATTEMPTS' }]);
    stop();
    state.config?.onStompError?.({ headers: { message, code: 'TOO_MANY_ATTEMPTS' }, body: message } as never);
    expect(refusals).toHaveLength(1);
    warn.mockRestore();
  });

  it('reads a refusal as the REST answer it stands for: the JSON body with its field issues, the status of its code, Retry-After', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const channel = createStompChannel('t');
    const refusals: ApiError[] = [];
    channel.onRefusal((refusal) => refusals.push(refusal));
    connect();
    const issues = [{ path: 'body/message', message: 'Die Nachricht darf höchstens 10.000 Zeichen lang sein.' }];
    const headers = { message: 'Die Eingaben sind ungültig.', code: 'VALIDATION_FAILED', 'content-type': 'application/json' };
    state.config?.onStompError?.({ headers, body: JSON.stringify({ message: headers.message, code: headers.code, issues }) } as never);
    const throttled = 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.';
    state.config?.onStompError?.({
      headers: { message: throttled, code: 'TOO_MANY_ATTEMPTS', 'retry-after': '42', 'content-type': 'application/json' },
      body: JSON.stringify({ message: throttled, code: 'TOO_MANY_ATTEMPTS' }),
    } as never);
    expect(refusals.map((refusal) => [refusal instanceof ApiError, refusal.status, refusal.code, refusal.serverMessage, refusal.issues, refusal.retryAfterSeconds])).toEqual([
      [true, 400, 'VALIDATION_FAILED', 'Die Eingaben sind ungültig.', issues, undefined],
      [true, 429, 'TOO_MANY_ATTEMPTS', throttled, [], 42],
    ]);
    warn.mockRestore();
  });

  it('gives up after 15 minutes without a connection, counted from the last one lost', () => {
    createStompChannel('t');
    connect();
    socketClosed();
    vi.advanceTimersByTime(14 * 60_000);
    socketClosed();
    expect(state.deactivated).toBe(0);
    vi.advanceTimersByTime(60_000 + 1);
    socketClosed();
    expect(state.deactivated).toBe(1);
  });

  it('does not connect at all when closed before its first task', () => {
    createStompChannel('t').close();
    vi.advanceTimersByTime(0);
    expect(state.activated).toBe(0);
  });

  it('gives up too when it never connected at all, and closing deactivates', () => {
    const channel = createStompChannel('t');
    vi.advanceTimersByTime(15 * 60_000 + 1);
    socketClosed();
    expect(state.deactivated).toBe(1);
    channel.close();
    expect(state.deactivated).toBe(2);
  });
});
