import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { serverMessages } from '@bauakte/domain';
import type { LiveLimits } from '../../config';
import type { AuthUser, SessionService } from '../auth/sessions';
import type { LiveMetrics, LiveRefusalKind } from '../metrics/metrics';
import type { Presence } from './presence';
import { createAccessRecheck } from './access-recheck';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, answerOf, badRequest, conflict, unauthenticated } from '../errors';
import { createFrameReader, FrameTooLargeError, StompProtocolError, writeFrame, type StompFrame } from './stomp-frames';

/** STOMP at /ws (spec section 7): frames up to 64 KiB, heart-beats of 10 s offered both ways. */
export const livePath = '/ws';
export const maxFrameBytes = 64 * 1024;
export const serverHeartbeatMs = 10_000;
/** How often open connections check that their session still stands (logout closes within a second). */
export const sessionCheckMs = 1_000;
/** How often an open connection counts as use of its session, so it does not go idle. */
const keepAliveMs = 60_000;
/**
 * Frames of one connection read and not yet handled: beyond these the socket is not read until
 * they are, so a client sending faster than its frames are handled (a SEND is a database write)
 * waits in its own TCP buffers rather than in the server's memory.
 */
const maxWaitingFrames = 32;

/** What a connected client is told when the server stops (a deploy, a restart); it reconnects. */
export const restartMessage = serverMessages.liveRestart;
/** WebSocket close code 1012 "Service Restart": the reconnect hint for clients and proxies. */
export const serviceRestartCode = 1012;
/** How long a client may take to answer the close handshake before its socket is cut. */
const closeHandshakeMs = 1_000;
/**
 * WebSocket close code 1013 "Try Again Later": a connection that did not take its messages fast
 * enough; the web app reconnects and reads the chat afresh.
 */
export const slowConsumerCode = 1013;

/**
 * What the chat module decides for the broker; the broker only speaks STOMP. A hook refuses by
 * throwing the AppError REST would answer: the client gets it as an ERROR frame.
 */
export interface BrokerHooks {
  /** Throws an AppError if the user may not subscribe; may answer a first message (current state). */
  subscribe(user: AuthUser, destination: string): Promise<string | null>;
  /** Throws the AppError a SUBSCRIBE would get now: asked again of open subscriptions when access changes. */
  authorize(user: AuthUser, destination: string): Promise<void>;
  /** A SEND by the user; throws an AppError when refused. */
  send(user: AuthUser, destination: string, body: string): Promise<void>;
}

/**
 * A refusal as a STOMP ERROR frame: the German `message` and the REST `code` as headers (with the
 * REST answer's own headers, e.g. retry-after), and the REST answer's JSON body (with `issues`).
 */
function errorFrame(error: AppError, receiptId?: string, about?: Subscription): string {
  const { headers, body } = answerOf(error);
  const frameHeaders = {
    message: error.message,
    code: error.code,
    ...headers,
    'content-type': 'application/json',
    ...(receiptId ? { 'receipt-id': receiptId } : {}),
    // A refused subscription names itself: its destination and the id the client gave it.
    ...(about ? { destination: about.destination, subscription: about.id } : {}),
  };
  return writeFrame('ERROR', frameHeaders, JSON.stringify(body));
}

interface Subscription {
  id: string;
  destination: string;
  connection: Connection;
}

interface Connection {
  socket: WebSocket;
  user: AuthUser | null;
  subscriptions: Map<string, Subscription>;
  lastReceivedAt: number;
  /** Frames are handled one after another, in the order they came. */
  queue: Promise<void>;
  /** Frames in the queue, not yet handled. */
  waiting: number;
  timers: NodeJS.Timeout[];
  /** Runs while a frame has begun and not ended: a client may not hold a half frame open. */
  readDeadline: NodeJS.Timeout | null;
  closed: boolean;
}

export interface Broker {
  /** Sends a MESSAGE to every local subscription of the destination whose user passes the filter. */
  deliver(destination: string, body: string, filter?: (user: AuthUser) => boolean): number;
  /** Sends a MESSAGE to the given users' subscriptions of the destination, the body made per user (null: none). */
  deliverEach(destination: string, bodyFor: (user: AuthUser) => string | null, users?: ReadonlySet<number>): void;
  /** Access changed: the open subscriptions of the concerned destinations are authorized again (access-recheck.ts). */
  recheckAccess(concerned: (destination: string) => boolean): void;
  /** Whether the user has a connection to this instance. */
  hasConnection(userId: number): boolean;
  connectionCount(): number;
  subscriptionCount(): number;
  /** Bytes queued for this instance's connections and not yet taken by them. */
  bufferedBytes(): number;
  /** Server shutdown: every client gets an ERROR frame saying so and the close code 1012, then reconnects. */
  close(): Promise<void>;
}

function headerOf(frame: StompFrame, name: string): string | undefined {
  return frame.headers[name] ?? frame.headers[name.toLowerCase()];
}

/** The Bearer token of a CONNECT frame: the Authorization header, as the web app sends it, or passcode. */
function tokenOf(frame: StompFrame): string | null {
  const header = headerOf(frame, 'Authorization') ?? headerOf(frame, 'authorization') ?? frame.headers.passcode;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : header.trim() || null;
}

function heartbeatOf(frame: StompFrame): [number, number] {
  const [cx, cy] = (frame.headers['heart-beat'] ?? '0,0').split(',').map((part) => Number(part));
  return [Number.isFinite(cx) && cx! > 0 ? cx! : 0, Number.isFinite(cy) && cy! > 0 ? cy! : 0];
}

export function createBroker(deps: {
  server: Server;
  sessions: SessionService;
  presence: Presence;
  hooks: BrokerHooks;
  limits: LiveLimits;
  metrics: LiveMetrics;
  log: FastifyBaseLogger;
}): Broker {
  const { sessions, presence, hooks, limits, metrics, log } = deps;
  // Several frames may share one WebSocket message (two of the largest); the frame reader enforces
  // the 64 KiB per frame. A larger message is refused by ws (close code 1009) before it is read.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 2 * maxFrameBytes });
  const connections = new Set<Connection>();
  const byUser = new Map<number, Set<Connection>>();
  /** destination → connections subscribed to it (with their subscription ids). */
  const byDestination = new Map<string, Map<Connection, Set<string>>>();
  let messageCounter = 0;

  /**
   * Closes with the handshake, and cuts the socket if the client does not answer it soon: a client
   * that stopped reading never would, and its unsent bytes would stay in memory until it did.
   */
  function closeSocket(socket: WebSocket, code: number, reason?: string): void {
    if (socket.readyState === socket.CLOSED) return;
    // A socket not read for its backlog of frames must be read again to hear the client's close.
    if (socket.isPaused) socket.resume();
    socket.close(code, reason);
    const cut = setTimeout(() => socket.terminate(), closeHandshakeMs);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  }

  /**
   * Nothing more is queued for a connection that has not taken what it was sent: it is closed and
   * forgotten, and its unsent bytes go with its socket.
   */
  function dropSlow(connection: Connection): void {
    metrics.liveSlowConsumerClosed();
    log.info({ userId: connection.user?.id, bufferedBytes: connection.socket.bufferedAmount }, 'live channel: slow connection closed');
    forget(connection);
    closeSocket(connection.socket, slowConsumerCode, serverMessages.liveSlowConsumer);
  }

  const send = (connection: Connection, text: string) => {
    if (connection.closed || connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > limits.maxBufferedBytes) return dropSlow(connection);
    connection.socket.send(text);
  };

  function forget(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    for (const timer of connection.timers) clearInterval(timer);
    connection.timers = [];
    if (connection.readDeadline) clearTimeout(connection.readDeadline);
    connection.readDeadline = null;
    connections.delete(connection);
    for (const subscription of connection.subscriptions.values()) {
      unindex(connection, subscription);
      recheck.forget(subscription);
    }
    connection.subscriptions.clear();
    const user = connection.user;
    if (user) {
      const mine = byUser.get(user.id);
      mine?.delete(connection);
      if (mine?.size === 0) byUser.delete(user.id);
      presence.disconnected(user.id);
    }
  }

  /** STOMP: an ERROR frame, then the connection is closed. */
  function fail(connection: Connection, error: AppError, receiptId?: string, about?: Subscription): void {
    send(connection, errorFrame(error, receiptId, about));
    forget(connection);
    closeSocket(connection.socket, 1000);
  }

  /** A limit refuses: counted by kind, then like any refusal. */
  function refuse(connection: Connection, kind: LiveRefusalKind, error: AppError): void {
    metrics.liveRefused(kind);
    fail(connection, error);
  }

  function index(connection: Connection, subscription: Subscription): void {
    let subscribers = byDestination.get(subscription.destination);
    if (!subscribers) {
      subscribers = new Map();
      byDestination.set(subscription.destination, subscribers);
    }
    let ids = subscribers.get(connection);
    if (!ids) {
      ids = new Set();
      subscribers.set(connection, ids);
    }
    ids.add(subscription.id);
  }

  function unindex(connection: Connection, subscription: Subscription): void {
    const subscribers = byDestination.get(subscription.destination);
    const ids = subscribers?.get(connection);
    ids?.delete(subscription.id);
    if (ids?.size === 0) subscribers?.delete(connection);
    if (subscribers?.size === 0) byDestination.delete(subscription.destination);
  }

  /** While its access is checked again, a subscription's messages wait (access-recheck.ts). */
  function message(subscription: Subscription, body: string): void {
    const { connection, id, destination } = subscription;
    recheck.deliver(subscription, () => {
      messageCounter += 1;
      send(connection, writeFrame('MESSAGE', { subscription: id, 'message-id': `m-${messageCounter}`, destination, 'content-type': 'application/json' }, body));
    });
  }

  /** Each of the connection's subscriptions with these ids. */
  function* subscriptionsOf(connection: Connection, ids: Iterable<string>): Generator<Subscription> {
    for (const id of ids) {
      const subscription = connection.subscriptions.get(id);
      if (subscription) yield subscription;
    }
  }

  function startHeartbeats(connection: Connection, frame: StompFrame): string {
    const [clientSends, clientWants] = heartbeatOf(frame);
    const outgoing = clientWants === 0 ? 0 : Math.max(serverHeartbeatMs, clientWants);
    const incoming = clientSends === 0 ? 0 : Math.max(serverHeartbeatMs, clientSends);
    if (outgoing > 0) connection.timers.push(setInterval(() => send(connection, '\n'), outgoing));
    if (incoming > 0) {
      connection.timers.push(
        setInterval(() => {
          // Twice the agreed interval without a byte: the other side is gone.
          if (Date.now() - connection.lastReceivedAt > incoming * 2) {
            forget(connection);
            connection.socket.terminate();
          }
        }, incoming),
      );
    }
    return `${serverHeartbeatMs},${serverHeartbeatMs}`;
  }

  async function onConnect(connection: Connection, frame: StompFrame): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '1.2').split(',');
    if (!versions.includes('1.2')) return fail(connection, badRequest(serverMessages.liveStompVersion));
    const token = tokenOf(frame);
    const user = token ? await sessions.resolve(token) : null;
    if (!user) return fail(connection, unauthenticated(serverMessages.liveNotAuthenticated));
    if (connection.closed) return;
    // The new connection is refused, not the oldest closed: the refused tab retries every few
    // seconds, while closing the oldest would make open tabs push each other out in turn.
    if ((byUser.get(user.id)?.size ?? 0) >= limits.maxConnectionsPerUser) {
      return refuse(connection, 'connection_limit', new AppError('TOO_MANY_ATTEMPTS', serverMessages.liveTooManyConnections(limits.maxConnectionsPerUser)));
    }
    connection.user = user;
    connections.add(connection);
    let mine = byUser.get(user.id);
    if (!mine) {
      mine = new Set();
      byUser.set(user.id, mine);
    }
    mine.add(connection);
    const heartBeat = startHeartbeats(connection, frame);
    send(connection, writeFrame('CONNECTED', { version: '1.2', 'heart-beat': heartBeat, server: 'Bauakte', session: randomUUID(), 'user-name': user.username }));
    presence.connected(user.id);
  }

  async function onSubscribe(connection: Connection, user: AuthUser, frame: StompFrame): Promise<void> {
    const { id, destination } = frame.headers;
    if (!id || !destination) return fail(connection, badRequest(serverMessages.liveSubscribeHeaders));
    if (connection.subscriptions.has(id)) return fail(connection, conflict(serverMessages.liveSubscriptionIdTaken(id)));
    // Every subscription gets its own copy of each message: two of one destination would only double them.
    if (byDestination.get(destination)?.has(connection)) {
      return refuse(connection, 'duplicate_subscription', conflict(serverMessages.liveDuplicateSubscription));
    }
    if (connection.subscriptions.size >= limits.maxSubscriptionsPerConnection) {
      return refuse(connection, 'subscription_limit', new AppError('TOO_MANY_ATTEMPTS', serverMessages.liveTooManySubscriptions(limits.maxSubscriptionsPerConnection)));
    }
    const subscription = { id, destination, connection };
    const changes = recheck.changes();
    let first: string | null;
    try {
      first = await hooks.subscribe(user, destination);
    } catch (error) {
      return fail(connection, answerTo(error, 'live channel: frame failed'), frame.headers.receipt, subscription);
    }
    if (connection.closed) return;
    connection.subscriptions.set(id, subscription);
    index(connection, subscription);
    // Access changed while it was authorized: what was allowed may not be any more.
    if (recheck.changes() !== changes) recheck.recheck([subscription]);
    if (first !== null) message(subscription, first);
  }

  async function handle(connection: Connection, frame: StompFrame): Promise<void> {
    const receipt = frame.headers.receipt;
    const user = connection.user;
    if (!user) {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') return fail(connection, unauthenticated(serverMessages.liveConnectFirst));
      return onConnect(connection, frame);
    }
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP':
        return fail(connection, badRequest(serverMessages.liveAlreadyConnected));
      case 'SUBSCRIBE':
        await onSubscribe(connection, user, frame);
        break;
      case 'UNSUBSCRIBE': {
        const subscription = frame.headers.id ? connection.subscriptions.get(frame.headers.id) : undefined;
        if (subscription) {
          connection.subscriptions.delete(subscription.id);
          unindex(connection, subscription);
          recheck.forget(subscription);
        }
        break;
      }
      case 'SEND': {
        const destination = frame.headers.destination;
        if (!destination) return fail(connection, badRequest(serverMessages.liveSendDestination));
        await hooks.send(user, destination, frame.body.toString('utf8'));
        break;
      }
      case 'DISCONNECT':
        if (receipt) send(connection, writeFrame('RECEIPT', { 'receipt-id': receipt }));
        forget(connection);
        closeSocket(connection.socket, 1000);
        return;
      default:
        // ACK, NACK and transactions: subscriptions here are auto-acknowledged and sends immediate.
        break;
    }
    if (receipt && !connection.closed) send(connection, writeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  /** What the client is told of a failed frame, as REST would answer it; null for a fault of ours. */
  function refusalOf(error: unknown): AppError | null {
    if (error instanceof AppError) return error;
    if (error instanceof StompProtocolError) return badRequest(error.message);
    if (isDatabaseUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE', serverMessages.databaseUnavailable);
    return null;
  }

  /** A refused frame's or check's answer; as over REST, a fault of ours (5xx) is logged, except a database that is away. */
  function answerTo(error: unknown, what: string): AppError {
    const refusal = refusalOf(error);
    if (refusal === null || (refusal.statusCode >= 500 && !isDatabaseUnavailable(error))) log.error({ err: error }, what);
    return refusal ?? new AppError('INTERNAL_ERROR', serverMessages.internalError);
  }

  // A subscription the access policy no longer allows ends as a refused SUBSCRIBE does.
  const recheck = createAccessRecheck<Subscription>({
    authorize: ({ connection, destination }) => (connection.user && !connection.closed ? hooks.authorize(connection.user, destination) : Promise.resolve()),
    refused(subscription, error) {
      if (subscription.connection.closed) return;
      fail(subscription.connection, answerTo(error, 'live channel: access check failed'), undefined, subscription);
    },
    overflowed: (subscription) => dropSlow(subscription.connection),
    failed: (error) => log.error({ err: error }, 'live channel: ending a subscription failed'),
  });

  /** Runs from the first byte of an unfinished frame; a frame that ends (or a broken stream) stops it. */
  function watchReadDeadline(connection: Connection, pendingBytes: number, progressed: boolean): void {
    if (connection.closed) return;
    if (pendingBytes === 0 || progressed) {
      if (connection.readDeadline) clearTimeout(connection.readDeadline);
      connection.readDeadline = null;
    }
    if (pendingBytes === 0 || connection.readDeadline) return;
    const seconds = limits.frameReadTimeoutSeconds;
    connection.readDeadline = setTimeout(() => refuse(connection, 'frame_timeout', badRequest(serverMessages.liveFrameTimeout(seconds))), seconds * 1000);
  }

  function accept(socket: WebSocket): void {
    const reader = createFrameReader({ maxFrameBytes });
    const connection: Connection = {
      socket,
      user: null,
      subscriptions: new Map(),
      lastReceivedAt: Date.now(),
      queue: Promise.resolve(),
      waiting: 0,
      timers: [],
      readDeadline: null,
      closed: false,
    };
    // A socket that never sends CONNECT is dropped.
    const connectTimeout = setTimeout(() => {
      if (!connection.user) fail(connection, unauthenticated(serverMessages.liveNoConnect));
    }, 10_000);
    connection.timers.push(connectTimeout);
    // While the socket is not read, the client cannot finish a frame: its deadline waits too.
    const pauseReading = () => {
      socket.pause();
      if (connection.readDeadline) clearTimeout(connection.readDeadline);
      connection.readDeadline = null;
    };
    const resumeReading = () => {
      socket.resume();
      connection.lastReceivedAt = Date.now();
      watchReadDeadline(connection, reader.pendingBytes(), false);
    };
    const handled = () => {
      connection.waiting -= 1;
      if (connection.waiting === 0 && socket.isPaused && !connection.closed) resumeReading();
    };
    socket.on('message', (data: RawData) => {
      if (connection.closed) return;
      connection.lastReceivedAt = Date.now();
      const { items, error } = reader.push(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer));
      for (const item of items) {
        if (item === 'heartbeat') continue;
        connection.waiting += 1;
        connection.queue = connection.queue
          .then(() => (connection.closed ? undefined : handle(connection, item)))
          .catch((error: unknown) => fail(connection, answerTo(error, 'live channel: frame failed'), item.headers.receipt))
          .finally(handled);
      }
      watchReadDeadline(connection, error ? 0 : reader.pendingBytes(), items.some((item) => item !== 'heartbeat'));
      if (connection.waiting > maxWaitingFrames && !socket.isPaused) pauseReading();
      // The frames before a broken one are handled first, then the connection ends.
      if (error instanceof FrameTooLargeError) {
        connection.queue = connection.queue.then(() => refuse(connection, 'frame_too_large', new AppError('PAYLOAD_TOO_LARGE', error.message)));
      } else if (error) {
        connection.queue = connection.queue.then(() => fail(connection, badRequest(error.message)));
      }
    });
    socket.on('close', () => forget(connection));
    socket.on('error', () => forget(connection));
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== livePath) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, accept);
  };
  deps.server.on('upgrade', onUpgrade);

  // Logout, a password change or a deleted profile ends sessions: their sockets close within a second.
  let ticks = 0;
  let checking = false;
  const sessionCheck = setInterval(() => {
    if (checking || connections.size === 0) return;
    checking = true;
    ticks += 1;
    const ids = [...new Set([...connections].flatMap((connection) => (connection.user ? [connection.user.sessionId] : [])))];
    const touch = ticks % Math.round(keepAliveMs / sessionCheckMs) === 0;
    void sessions
      .stillLive(ids)
      .then(async (live) => {
        for (const connection of [...connections]) {
          if (connection.user && !live.has(connection.user.sessionId)) fail(connection, unauthenticated(serverMessages.liveSessionEnded));
        }
        if (touch) await sessions.keepAlive([...live]);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'live channel: session check failed'))
      .finally(() => {
        checking = false;
      });
  }, sessionCheckMs);
  sessionCheck.unref();

  return {
    deliver(destination, body, filter) {
      const subscribers = byDestination.get(destination);
      if (!subscribers) return 0;
      let delivered = 0;
      for (const [connection, ids] of subscribers) {
        if (!connection.user || (filter && !filter(connection.user))) continue;
        for (const subscription of subscriptionsOf(connection, ids)) {
          message(subscription, body);
          delivered += 1;
        }
      }
      return delivered;
    },
    deliverEach(destination, bodyFor, users) {
      const subscribers = byDestination.get(destination);
      if (!subscribers) return;
      for (const [connection, ids] of subscribers) {
        if (!connection.user || (users && !users.has(connection.user.id))) continue;
        const body = bodyFor(connection.user);
        if (body === null) continue;
        for (const subscription of subscriptionsOf(connection, ids)) message(subscription, body);
      }
    },
    recheckAccess(concerned) {
      const subscriptions = [...connections].flatMap((connection) => [...connection.subscriptions.values()].filter((subscription) => concerned(subscription.destination)));
      recheck.recheck(subscriptions);
    },
    hasConnection: (userId) => byUser.has(userId),
    connectionCount: () => connections.size,
    subscriptionCount() {
      let count = 0;
      for (const connection of connections) count += connection.subscriptions.size;
      return count;
    },
    bufferedBytes() {
      let bytes = 0;
      for (const socket of wss.clients) bytes += socket.bufferedAmount;
      return bytes;
    },
    async close() {
      clearInterval(sessionCheck);
      deps.server.off('upgrade', onUpgrade);
      for (const connection of [...connections]) {
        send(connection, errorFrame(new AppError('SERVICE_UNAVAILABLE', restartMessage)));
        forget(connection);
      }
      const sockets = [...wss.clients];
      const closed = sockets.map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())));
      for (const socket of sockets) socket.close(serviceRestartCode, 'Service Restart');
      const cut = setTimeout(() => sockets.forEach((socket) => socket.terminate()), closeHandshakeMs);
      await Promise.all(closed);
      clearTimeout(cut);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
