import type { FastifyBaseLogger } from 'fastify';
import { serverMessages } from '@bauakte/domain';
import type { LiveLimits } from '../../config';
import type { AuthUser } from '../auth/sessions';
import { AppError, badRequest, conflict } from '../errors';
import { createAccessRecheck } from './access-recheck';
import type { Connection, Connections, Subscription } from './connection';
import { writeFrame, type StompFrame } from './stomp-frames';

/**
 * What the chat module decides of subscriptions; a hook refuses by throwing the AppError REST would
 * answer: the client gets it as an ERROR frame.
 */
export interface SubscriptionHooks {
  /** Throws an AppError if the user may not subscribe; may answer a first message (current state). */
  subscribe(user: AuthUser, destination: string): Promise<string | null>;
  /** Throws the AppError a SUBSCRIBE would get now: asked again of open subscriptions when access changes. */
  authorize(user: AuthUser, destination: string): Promise<void>;
}

/** The live channel's subscriptions on this instance, and the messages sent to them. */
export interface Subscriptions {
  /** A SUBSCRIBE: refused beyond the connection's bounds or when the hooks refuse. */
  subscribe(connection: Connection, user: AuthUser, frame: StompFrame): Promise<void>;
  /** An UNSUBSCRIBE; an id the connection does not hold is ignored. */
  unsubscribe(connection: Connection, id: string | undefined): void;
  /** The connection ended: its subscriptions go, with the messages kept back for them. */
  forgetAll(connection: Connection): void;
  deliver(destination: string, body: string, filter?: (user: AuthUser) => boolean): number;
  deliverEach(destination: string, bodyFor: (user: AuthUser) => string | null, users?: ReadonlySet<number>): void;
  recheckAccess(concerned: (destination: string) => boolean): void;
  count(): number;
}

/** destination → connections subscribed to it (with their subscription ids). */
type DestinationIndex = Map<string, Map<Connection, Set<string>>>;

function index(byDestination: DestinationIndex, subscription: Subscription): void {
  const { connection, destination } = subscription;
  let subscribers = byDestination.get(destination);
  if (!subscribers) {
    subscribers = new Map();
    byDestination.set(destination, subscribers);
  }
  let ids = subscribers.get(connection);
  if (!ids) {
    ids = new Set();
    subscribers.set(connection, ids);
  }
  ids.add(subscription.id);
}

function unindex(byDestination: DestinationIndex, subscription: Subscription): void {
  const subscribers = byDestination.get(subscription.destination);
  const ids = subscribers?.get(subscription.connection);
  ids?.delete(subscription.id);
  if (ids?.size === 0) subscribers?.delete(subscription.connection);
  if (subscribers?.size === 0) byDestination.delete(subscription.destination);
}

/** Each of the connection's subscriptions with these ids. */
function* subscriptionsOf(connection: Connection, ids: Iterable<string>): Generator<Subscription> {
  for (const id of ids) {
    const subscription = connection.subscriptions.get(id);
    if (subscription) yield subscription;
  }
}

export function createSubscriptions(deps: { hooks: SubscriptionHooks; limits: LiveLimits; connections: Connections; log: FastifyBaseLogger }): Subscriptions {
  const { hooks, limits, connections, log } = deps;
  const byDestination: DestinationIndex = new Map();
  let messageCounter = 0;

  // A subscription the access policy no longer allows ends as a refused SUBSCRIBE does.
  const recheck = createAccessRecheck<Subscription>({
    authorize: ({ connection, destination }) => (connection.user && !connection.closed ? hooks.authorize(connection.user, destination) : Promise.resolve()),
    refused(subscription, error) {
      if (subscription.connection.closed) return;
      connections.fail(subscription.connection, connections.answerTo(error, 'live channel: access check failed'), undefined, subscription);
    },
    overflowed: (subscription) => connections.dropSlow(subscription.connection),
    failed: (error) => log.error({ err: error }, 'live channel: ending a subscription failed'),
  });

  /** While its access is checked again, a subscription's messages wait (access-recheck.ts). */
  function message(subscription: Subscription, body: string): void {
    const { connection, id, destination } = subscription;
    recheck.deliver(subscription, () => {
      messageCounter += 1;
      connections.send(connection, writeFrame('MESSAGE', { subscription: id, 'message-id': `m-${messageCounter}`, destination, 'content-type': 'application/json' }, body));
    });
  }

  function end(subscription: Subscription): void {
    unindex(byDestination, subscription);
    recheck.forget(subscription);
  }

  async function subscribe(connection: Connection, user: AuthUser, frame: StompFrame): Promise<void> {
    const { id, destination } = frame.headers;
    if (!id || !destination) return connections.fail(connection, badRequest(serverMessages.liveSubscribeHeaders));
    if (connection.subscriptions.has(id)) return connections.fail(connection, conflict(serverMessages.liveSubscriptionIdTaken(id)));
    // Every subscription gets its own copy of each message: two of one destination would only double them.
    if (byDestination.get(destination)?.has(connection)) {
      return connections.refuse(connection, 'duplicate_subscription', conflict(serverMessages.liveDuplicateSubscription));
    }
    const max = limits.maxSubscriptionsPerConnection;
    if (connection.subscriptions.size >= max) {
      return connections.refuse(connection, 'subscription_limit', new AppError('TOO_MANY_ATTEMPTS', serverMessages.liveTooManySubscriptions(max)));
    }
    const subscription = { id, destination, connection };
    const changes = recheck.changes();
    let first: string | null;
    try {
      first = await hooks.subscribe(user, destination);
    } catch (error) {
      return connections.fail(connection, connections.answerTo(error, 'live channel: frame failed'), frame.headers.receipt, subscription);
    }
    if (connection.closed) return;
    connection.subscriptions.set(id, subscription);
    index(byDestination, subscription);
    // Access changed while it was authorized: what was allowed may not be any more.
    if (recheck.changes() !== changes) recheck.recheck([subscription]);
    if (first !== null) message(subscription, first);
  }

  return {
    subscribe,
    unsubscribe(connection, id) {
      const subscription = id ? connection.subscriptions.get(id) : undefined;
      if (!subscription) return;
      connection.subscriptions.delete(subscription.id);
      end(subscription);
    },
    forgetAll(connection) {
      for (const subscription of connection.subscriptions.values()) end(subscription);
      connection.subscriptions.clear();
    },
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
      const subscriptions = [...connections.connected].flatMap((connection) => [...connection.subscriptions.values()].filter((subscription) => concerned(subscription.destination)));
      recheck.recheck(subscriptions);
    },
    count() {
      let count = 0;
      for (const connection of connections.connected) count += connection.subscriptions.size;
      return count;
    },
  };
}
