import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { serverMessages } from '@bauakte/domain';
import type { LiveLimits } from '../../config';
import type { AuthUser, SessionService } from '../auth/sessions';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, badRequest, unauthenticated } from '../errors';
import type { LiveMetrics, LiveRefusalKind } from '../metrics/metrics';
import { startHeartbeats } from './heartbeats';
import type { Presence } from './presence';
import { errorFrame, StompProtocolError, writeFrame, type StompFrame } from './stomp-frames';

/** How long a client may take to answer the close handshake before its socket is cut. */
export const closeHandshakeMs = 1_000;
/**
 * WebSocket close code 1013 "Try Again Later": a connection that did not take its messages fast
 * enough; the web app reconnects and reads the chat afresh.
 */
export const slowConsumerCode = 1013;
/** A socket that has not sent its CONNECT after this long is dropped. */
const connectTimeoutMs = 10_000;

export interface Subscription {
  id: string;
  destination: string;
  connection: Connection;
}

export interface Connection {
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

/**
 * Closes with the handshake, and cuts the socket if the client does not answer it soon: a client
 * that stopped reading never would, and its unsent bytes would stay in memory until it did.
 */
export function closeSocket(socket: WebSocket, code: number, reason?: string): void {
  if (socket.readyState === socket.CLOSED) return;
  // A socket not read for its backlog of frames must be read again to hear the client's close.
  if (socket.isPaused) socket.resume();
  socket.close(code, reason);
  const cut = setTimeout(() => socket.terminate(), closeHandshakeMs);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
}

/** What the client is told of a failed frame, as REST would answer it; null for a fault of ours. */
function refusalOf(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof StompProtocolError) return badRequest(error.message);
  if (isDatabaseUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE', serverMessages.databaseUnavailable);
  return null;
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

/** The sockets of the live channel, from the upgrade to their close, and whom each belongs to. */
export interface Connections {
  /** The connections whose CONNECT was accepted. */
  readonly connected: ReadonlySet<Connection>;
  /** A new socket: it ends when it closes, or when it does not send its CONNECT soon. */
  accept(socket: WebSocket): Connection;
  /** The client's CONNECT: its session, the user's connection limit, heart-beats; answered with CONNECTED. */
  connect(connection: Connection, frame: StompFrame): Promise<void>;
  /** Whether the user has a connection here. */
  hasUser(userId: number): boolean;
  /** Queues a frame, unless the connection has not taken enough of what it was sent (then it is dropped). */
  send(connection: Connection, text: string): void;
  /** STOMP: an ERROR frame, then the connection is closed. */
  fail(connection: Connection, error: AppError, receiptId?: string, about?: Subscription): void;
  /** A limit refuses: counted by kind, then like any refusal. */
  refuse(connection: Connection, kind: LiveRefusalKind, error: AppError): void;
  /** Nothing more is queued for a connection that has not taken what it was sent. */
  dropSlow(connection: Connection): void;
  /** The connection ends here: its timers, its subscriptions and its place among the user's connections go. */
  forget(connection: Connection): void;
  /** A refused frame's or check's answer; as over REST, a fault of ours (5xx) is logged, except a database that is away. */
  answerTo(error: unknown, what: string): AppError;
}

export function createConnections(deps: {
  sessions: SessionService;
  presence: Presence;
  limits: LiveLimits;
  metrics: LiveMetrics;
  log: FastifyBaseLogger;
  /** The connection ends: its subscriptions go (subscriptions.ts). */
  onForget(connection: Connection): void;
}): Connections {
  const { sessions, presence, limits, metrics, log } = deps;
  const connected = new Set<Connection>();
  const byUser = new Map<number, Set<Connection>>();

  function send(connection: Connection, text: string): void {
    if (connection.closed || connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > limits.maxBufferedBytes) return dropSlow(connection);
    connection.socket.send(text);
  }

  // Closed and forgotten: its unsent bytes go with its socket.
  function dropSlow(connection: Connection): void {
    metrics.liveSlowConsumerClosed();
    log.info({ userId: connection.user?.id, bufferedBytes: connection.socket.bufferedAmount }, 'live channel: slow connection closed');
    forget(connection);
    closeSocket(connection.socket, slowConsumerCode, serverMessages.liveSlowConsumer);
  }

  function forget(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    for (const timer of connection.timers) clearInterval(timer);
    connection.timers = [];
    if (connection.readDeadline) clearTimeout(connection.readDeadline);
    connection.readDeadline = null;
    connected.delete(connection);
    deps.onForget(connection);
    const user = connection.user;
    if (user) {
      const mine = byUser.get(user.id);
      mine?.delete(connection);
      if (mine?.size === 0) byUser.delete(user.id);
      presence.disconnected(user.id);
    }
  }

  function fail(connection: Connection, error: AppError, receiptId?: string, about?: Subscription): void {
    send(connection, errorFrame(error, receiptId, about));
    forget(connection);
    closeSocket(connection.socket, 1000);
  }

  function refuse(connection: Connection, kind: LiveRefusalKind, error: AppError): void {
    metrics.liveRefused(kind);
    fail(connection, error);
  }

  function accept(socket: WebSocket): Connection {
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
    const connectTimeout = setTimeout(() => {
      if (!connection.user) fail(connection, unauthenticated(serverMessages.liveNoConnect));
    }, connectTimeoutMs);
    connection.timers.push(connectTimeout);
    socket.on('close', () => forget(connection));
    socket.on('error', () => forget(connection));
    return connection;
  }

  async function connect(connection: Connection, frame: StompFrame): Promise<void> {
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
    connected.add(connection);
    let mine = byUser.get(user.id);
    if (!mine) {
      mine = new Set();
      byUser.set(user.id, mine);
    }
    mine.add(connection);
    const heartBeat = startHeartbeats(connection, frame, {
      beat: () => send(connection, '\n'),
      lost: () => {
        forget(connection);
        connection.socket.terminate();
      },
    });
    send(connection, writeFrame('CONNECTED', { version: '1.2', 'heart-beat': heartBeat, server: 'Bauakte', session: randomUUID(), 'user-name': user.username }));
    presence.connected(user.id);
  }

  function answerTo(error: unknown, what: string): AppError {
    const refusal = refusalOf(error);
    if (refusal === null || (refusal.statusCode >= 500 && !isDatabaseUnavailable(error))) log.error({ err: error }, what);
    return refusal ?? new AppError('INTERNAL_ERROR', serverMessages.internalError);
  }

  return { connected, accept, connect, hasUser: (userId) => byUser.has(userId), send, fail, refuse, dropSlow, forget, answerTo };
}
