import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import { serverMessages } from '@bauakte/domain';
import type { LiveLimits } from '../../config';
import type { AuthUser, SessionService } from '../auth/sessions';
import { AppError, badRequest, unauthenticated } from '../errors';
import type { LiveMetrics } from '../metrics/metrics';
import { closeHandshakeMs, closeSocket, createConnections, type Connection, type Connections } from './connection';
import { maxFrameBytes, readFrames } from './frame-queue';
import type { Presence } from './presence';
import { watchSessions } from './session-watch';
import { errorFrame, writeFrame, type StompFrame } from './stomp-frames';
import { createSubscriptions, type SubscriptionHooks, type Subscriptions } from './subscriptions';

export { slowConsumerCode } from './connection';
export { maxFrameBytes } from './frame-queue';
export { serverHeartbeatMs } from './heartbeats';
export { sessionCheckMs } from './session-watch';

/** STOMP at /ws (spec section 7). */
export const livePath = '/ws';

/** What a connected client is told when the server stops (a deploy, a restart); it reconnects. */
export const restartMessage = serverMessages.liveRestart;
/** WebSocket close code 1012 "Service Restart": the reconnect hint for clients and proxies. */
export const serviceRestartCode = 1012;

/**
 * What the chat module decides for the broker; the broker only speaks STOMP. A hook refuses by
 * throwing the AppError REST would answer: the client gets it as an ERROR frame.
 */
export interface BrokerHooks extends SubscriptionHooks {
  /** A SEND by the user; throws an AppError when refused. */
  send(user: AuthUser, destination: string, body: string): Promise<void>;
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

interface Parts {
  connections: Connections;
  subscriptions: Subscriptions;
  hooks: BrokerHooks;
}

/** One frame of a client: CONNECT first, then the rest; a receipt asked for is sent once the frame is handled. */
async function handleFrame({ connections, subscriptions, hooks }: Parts, connection: Connection, frame: StompFrame): Promise<void> {
  const receipt = frame.headers.receipt;
  const user = connection.user;
  if (!user) {
    if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') return connections.fail(connection, unauthenticated(serverMessages.liveConnectFirst));
    return connections.connect(connection, frame);
  }
  switch (frame.command) {
    case 'CONNECT':
    case 'STOMP':
      return connections.fail(connection, badRequest(serverMessages.liveAlreadyConnected));
    case 'SUBSCRIBE':
      await subscriptions.subscribe(connection, user, frame);
      break;
    case 'UNSUBSCRIBE':
      subscriptions.unsubscribe(connection, frame.headers.id);
      break;
    case 'SEND': {
      const destination = frame.headers.destination;
      if (!destination) return connections.fail(connection, badRequest(serverMessages.liveSendDestination));
      await hooks.send(user, destination, frame.body.toString('utf8'));
      break;
    }
    case 'DISCONNECT':
      if (receipt) connections.send(connection, writeFrame('RECEIPT', { 'receipt-id': receipt }));
      connections.forget(connection);
      closeSocket(connection.socket, 1000);
      return;
    default:
      // ACK, NACK and transactions: subscriptions here are auto-acknowledged and sends immediate.
      break;
  }
  if (receipt && !connection.closed) connections.send(connection, writeFrame('RECEIPT', { 'receipt-id': receipt }));
}

/** Closes every socket with 1012, waits for their close handshakes (cut after a while), then the server. */
async function closeSockets(wss: WebSocketServer): Promise<void> {
  const sockets = [...wss.clients];
  const closed = sockets.map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())));
  for (const socket of sockets) socket.close(serviceRestartCode, 'Service Restart');
  const cut = setTimeout(() => sockets.forEach((socket) => socket.terminate()), closeHandshakeMs);
  await Promise.all(closed);
  clearTimeout(cut);
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}

/**
 * The live channel's one door, put together from its parts: the sockets and their CONNECT
 * (connection.ts, heartbeats.ts), their frames handled one after another (frame-queue.ts,
 * stomp-frames.ts), the subscriptions (subscriptions.ts, access-recheck.ts) and the watch on
 * ended sessions (session-watch.ts).
 */
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
  const connections = createConnections({ sessions, presence, limits, metrics, log, onForget: (connection) => subscriptions.forgetAll(connection) });
  const subscriptions = createSubscriptions({ hooks, limits, connections, log });
  const parts: Parts = { connections, subscriptions, hooks };
  const handle = (connection: Connection, frame: StompFrame) => handleFrame(parts, connection, frame);

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== livePath) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (webSocket) => readFrames(connections.accept(webSocket), { connections, limits, handle }));
  };
  deps.server.on('upgrade', onUpgrade);
  const stopSessionWatch = watchSessions({ sessions, connections, log });

  return {
    deliver: subscriptions.deliver,
    deliverEach: subscriptions.deliverEach,
    recheckAccess: subscriptions.recheckAccess,
    hasConnection: connections.hasUser,
    connectionCount: () => connections.connected.size,
    subscriptionCount: subscriptions.count,
    bufferedBytes() {
      let bytes = 0;
      for (const socket of wss.clients) bytes += socket.bufferedAmount;
      return bytes;
    },
    async close() {
      stopSessionWatch();
      deps.server.off('upgrade', onUpgrade);
      for (const connection of [...connections.connected]) {
        connections.send(connection, errorFrame(new AppError('SERVICE_UNAVAILABLE', restartMessage)));
        connections.forget(connection);
      }
      await closeSockets(wss);
    },
  };
}
