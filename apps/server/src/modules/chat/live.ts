import { liveDestinations, pathIdSchema, sendMessageRequestSchema, serverMessages } from '@bauakte/domain';
import type { AccessPolicy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import { invalidJson, notFound, validationFailed } from '../../platform/errors';
import { parseOrRefuse, readJson, UnreadableBody } from '../../platform/http/request-body';
import type { Broker, BrokerHooks } from '../../platform/live/broker';
import type { Fanout, LiveEvent } from '../../platform/fanout/fanout';
import type { Presence } from '../../platform/live/presence';
import type { LiveTopics } from '../../platform/live/topics';
import type { RouteLimits } from '../../platform/rate-limit/route-limits';
import type { ChatService } from './service';
import { publicMessage } from './service';

/** Each user's own queue: every message to or from them, so lists and badges update live. */
export const userQueue = '/user/queue/messages';
const chatTopic = /^\/topic\/chat\/([^/]+)$/;
const chatSend = /^\/app\/chat\/([^/]+)$/;
/** Whom a user may chat with changes rarely (a new customer); looked up again after this long. */
const partnersTtlMs = 30_000;

interface Partners {
  ids: Map<number, string>;
  at: number;
}

/**
 * The chat's side of the live channel: who may subscribe to what, SENDs checked and stored like
 * REST's (refused with the same AppErrors), and the deliveries of messages and presence that the
 * fan-out announces (from this or another instance).
 */
export function createChatLive(deps: { chat: ChatService; access: AccessPolicy; fanout: Fanout; presence: Presence; limits: RouteLimits; topics: LiveTopics }) {
  const { chat, access } = deps;
  const partnersOf = new Map<number, Partners>();
  let broker: Broker | null = null;

  async function loadPartners(user: AuthUser): Promise<Partners> {
    const cached = partnersOf.get(user.id);
    if (cached && Date.now() - cached.at < partnersTtlMs) return cached;
    const partners = await access.chatPartners(user);
    const entry = { ids: new Map(partners.map((partner) => [partner.id, partner.username])), at: Date.now() };
    partnersOf.set(user.id, entry);
    return entry;
  }

  /** Online people the user may chat with, the user included (spec: both parties appear in the list). */
  function activeUsersFor(user: AuthUser): string[] | null {
    const partners = partnersOf.get(user.id);
    if (!partners) return null;
    const online = [...partners.ids].filter(([id]) => deps.presence.isOnline(id)).map(([, username]) => username);
    return [user.username, ...online.sort()];
  }

  const chatIdOf = (match: RegExpExecArray | null) => (match ? pathIdSchema.parse(match[1]!) : null);

  /** Throws the AppError REST would answer: every destination is decided by the access policy. */
  async function authorize(user: AuthUser, destination: string): Promise<void> {
    // Everyone's own: the online list shows only whom the policy lets them chat with, the queue only their own messages.
    if (destination === liveDestinations.activeUsers || destination === userQueue) return;
    const match = chatTopic.exec(destination);
    if (match) {
      await access.chat(user, chatIdOf(match), 'read');
      return;
    }
    if (await deps.topics.authorize(user, destination)) return;
    throw notFound(serverMessages.unknownDestination);
  }

  const hooks: BrokerHooks = {
    async subscribe(user, destination) {
      await authorize(user, destination);
      if (destination !== liveDestinations.activeUsers) return null;
      await loadPartners(user);
      return JSON.stringify(activeUsersFor(user));
    },
    authorize,
    async send(user, destination, body) {
      const match = chatSend.exec(destination);
      if (!match) throw notFound(serverMessages.unknownDestination);
      // In REST's order: the budget (one user's messages per minute, however they come), who may
      // write, then the body, which is REST's body: the destination and its chatId name one chat.
      await deps.limits.charge(user, 'chatMessage');
      const target = await access.chat(user, chatIdOf(match), 'write');
      const json = readJson(body);
      if (json instanceof UnreadableBody) throw invalidJson();
      const request = parseOrRefuse(sendMessageRequestSchema, json);
      if (request.chatId !== target.id) throw validationFailed([{ path: 'body/chatId', message: serverMessages.liveChatIdMismatch }]);
      await chat.send(user, target, request);
    },
  };

  async function onEvent(event: LiveEvent): Promise<void> {
    if (!broker) return;
    if (event.type === 'message') {
      const stored = await chat.messageToDeliver(event.messageId);
      if (!stored) return;
      const body = JSON.stringify(publicMessage(stored));
      broker.deliver(liveDestinations.chat(stored.chatId), body);
      broker.deliverEach(userQueue, () => body, new Set([stored.senderId, stored.receiverId]));
      return;
    }
    if (event.type === 'topic') {
      broker.deliver(event.destination, event.body);
      return;
    }
    if (event.type === 'chat-deleted') {
      // Whom the two may reach is looked up afresh next time; the chat's subscriptions end.
      for (const userId of event.userIds) partnersOf.delete(userId);
      const destination = liveDestinations.chat(event.chatId);
      broker.recheckAccess((subscribed) => subscribed === destination);
      return;
    }
    deps.presence.handle(event);
  }

  deps.presence.onChange((userIds) => {
    if (!broker) return;
    const changed = new Set(userIds);
    broker.deliverEach(liveDestinations.activeUsers, (user) => {
      const partners = partnersOf.get(user.id);
      const concerned = changed.has(user.id) || (partners !== undefined && [...changed].some((id) => partners.ids.has(id)));
      if (!concerned) return null;
      const list = activeUsersFor(user);
      return list ? JSON.stringify(list) : null;
    });
  });

  deps.fanout.subscribe((event) => {
    void onEvent(event).catch(() => undefined);
  });

  return {
    hooks,
    attach(attached: Broker) {
      broker = attached;
    },
  };
}
