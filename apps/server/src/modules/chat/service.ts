import type { FastifyBaseLogger } from 'fastify';
import {
  pageWindow, sameUsername, serverMessages, type ChatConversation, type ChatMessage, type ChatPartner, type ConversationsQuery, type CreatedChat, type LatestMessage,
  type ListPageQuery, type NotificationSettings,
} from '@bauakte/domain';
import type { AccessPolicy, CheckedChat, CheckedChatPartner } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { BackgroundTasks } from '../../platform/background';
import type { DataLayer } from '../../platform/db/repositories';
import type { UserRow } from '../../platform/db/schema';
import { forbidden } from '../../platform/errors';
import type { Fanout } from '../../platform/fanout/fanout';
import type { Presence } from '../../platform/live/presence';
import type { MailQueue } from '../../platform/mail/mail-queue';
import { chatNoticeMail } from './mails';
import { namedMessage, type ChatRepository, type StoredMessage } from './repository';

/** At most one notice mail per receiver and sender in this time, however often their chat is deleted and started again. */
export const noticeIntervalMs = 10 * 60_000;
/** Messages the dashboard card shows. */
const newestLimit = 20;

export const publicMessage = ({ senderId: _sender, receiverId: _receiver, ...message }: StoredMessage): ChatMessage => message;

const participantOf = (user: UserRow): ChatPartner => ({ username: user.username, firstName: user.firstName, lastName: user.lastName, role: user.role });

/** A senderUsername naming someone other than the caller is refused, never believed. */
function assertOwnName(caller: AuthUser, senderUsername: string | null | undefined): void {
  if (senderUsername && !sameUsername(senderUsername, caller.username)) throw forbidden(serverMessages.onlyOwnMessages);
}

export function createChatService(deps: {
  /** Its chat repository writes the read marks with asynchronous commit (DatabaseHandle.asyncCommitDb). */
  data: DataLayer;
  access: AccessPolicy;
  fanout: Fanout;
  presence: Presence;
  settingsOf: (userId: number) => Promise<NotificationSettings>;
  mails: Pick<MailQueue, 'send'>;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const chats: ChatRepository = deps.data.repos.chat;
  /**
   * Messages this instance stored lately: its own announcement comes back through the fan-out, and
   * delivering them then needs no second read of the row.
   */
  const justStored = new Map<number, StoredMessage>();
  const remember = (message: StoredMessage) => {
    justStored.set(message.id, message);
    if (justStored.size > 200) justStored.delete(justStored.keys().next().value as number);
  };

  /**
   * Notices this instance sent lately, by receiver and sender: within the interval the database need
   * not be asked again (it decides across instances; this only spares it the question).
   */
  const noticedAt = new Map<string, number>();

  /** Mails the receiver if they are not connected, want chat mails, and had none about this sender lately. */
  async function noticeIfAway(message: StoredMessage): Promise<void> {
    if (deps.presence.isOnline(message.receiverId)) return;
    const key = `${message.receiverId}:${message.senderId}`;
    if (Date.now() - (noticedAt.get(key) ?? 0) < noticeIntervalMs) return;
    const settings = await deps.settingsOf(message.receiverId);
    if (!settings.chatAll) return;
    const now = new Date();
    if (!(await chats.claimNotice(message.receiverId, message.senderId, now.toISOString(), new Date(now.getTime() - noticeIntervalMs).toISOString()))) return;
    noticedAt.set(key, now.getTime());
    if (noticedAt.size > 10_000) noticedAt.delete(noticedAt.keys().next().value as string);
    const [receiver, sender] = await Promise.all([deps.data.repos.users.findById(message.receiverId), deps.data.repos.users.findById(message.senderId)]);
    if (!receiver?.email || !sender) return;
    await deps.mails.send('CHAT_NOTICE', chatNoticeMail({ receiver, sender, chatId: message.chatId, publicUrl: deps.publicUrl }));
  }

  /**
   * Stored first, then announced to every instance, and the mail: both after the answer, never
   * losing the message. The sender's answer does not wait for the announcement: on PostgreSQL its
   * NOTIFY is a commit of its own, queued behind the others, and the send's slowest answers would wait for it.
   */
  function announce(message: StoredMessage): void {
    remember(message);
    deps.fanout.publish({ type: 'message', messageId: message.id }).catch((error: unknown) => deps.log.warn({ err: error }, 'chat: live announcement failed'));
    deps.background.run('chat notice', () => noticeIfAway(message));
  }

  /** Stored, and named from its two people as the caller knows them: no second statement to read it back. */
  async function store(repository: ChatRepository, chatId: number, sender: AuthUser, receiver: { id: number; username: string }, text: string): Promise<StoredMessage> {
    const sentAt = new Date().toISOString();
    const id = await repository.insertMessage({ chatId, senderId: sender.id, receiverId: receiver.id, body: text, sentAt });
    return { id, chatId, message: text, senderUsername: sender.username, receiverUsername: receiver.username, isRead: false, sentAt, senderId: sender.id, receiverId: receiver.id };
  }

  return {
    /** A message to deliver live: from this instance's memory when it stored it, else from the database. */
    async messageToDeliver(id: number): Promise<StoredMessage | undefined> {
      const known = justStored.get(id);
      if (known) {
        justStored.delete(id);
        return known;
      }
      return chats.message(id);
    },

    /**
     * A page of the caller's chats, each with its latest messages; with chatId only that chat, and
     * with before its messages before that one ('Ältere Nachrichten laden').
     */
    async conversations(caller: AuthUser, query: ConversationsQuery): Promise<ChatConversation[]> {
      const rows = await chats.chatsOf(caller.id, pageWindow(query), query.chatId);
      const chatIds = rows.map((row) => row.chatId);
      // One more than asked for tells whether earlier ones exist.
      const wanted = query.messages + 1;
      // 'before' names a message of one chat: without chatId it is ignored.
      const earlierOf = query.chatId !== undefined && query.before !== undefined ? { chatId: query.chatId, before: query.before } : undefined;
      const [latest, unread, earlier] = await Promise.all([
        chats.latestOfChats(chatIds, earlierOf ? 1 : wanted),
        chats.unreadByChat(caller.id, chatIds),
        earlierOf ? chats.before(earlierOf.chatId, earlierOf.before, wanted) : Promise.resolve([]),
      ]);
      // A chat's messages are between its two people: the caller and the participant.
      const usernameOf = new Map<number, string>([[caller.id, caller.username], ...rows.map((row) => [row.participantId, row.participant.username] as const)]);
      const byChat = new Map<number, ChatMessage[]>();
      for (const row of latest) {
        const list = byChat.get(row.chatId) ?? [];
        list.push(publicMessage(namedMessage(row, usernameOf)));
        byChat.set(row.chatId, list);
      }
      return rows.flatMap(({ chatId, participant }) => {
        const newest = byChat.get(chatId) ?? [];
        const lastMessage = newest.at(-1);
        if (!lastMessage) return [];
        const page = earlierOf ? earlier.map(publicMessage) : newest;
        const hasEarlier = page.length === wanted;
        return [{ chatId, participant, lastMessage, unreadCount: unread.get(chatId) ?? 0, messages: hasEarlier ? page.slice(1) : page, hasEarlier }];
      });
    },

    async newest(caller: AuthUser): Promise<LatestMessage[]> {
      return (await chats.newestReceived(caller.id, newestLimit)).map(({ sender, ...message }) => ({ ...publicMessage(message), sender }));
    },

    async partners(caller: AuthUser, page: ListPageQuery): Promise<ChatPartner[]> {
      return (await deps.access.chatPartners(caller, pageWindow(page))).map(participantOf);
    },

    unread: (caller: AuthUser) => chats.unreadCount(caller.id),

    /** A message into an existing chat (REST or live). */
    async send(caller: AuthUser, chat: CheckedChat<'write'>, request: { message: string; senderUsername?: string | null }): Promise<ChatMessage> {
      assertOwnName(caller, request.senderUsername);
      const message = await store(chats, chat.id, caller, { id: chat.otherUserId, username: chat.otherUsername }, request.message);
      announce(message);
      return publicMessage(message);
    },

    /** The first message to someone; the pair's existing chat is continued rather than split. */
    async create(caller: AuthUser, partner: CheckedChatPartner, request: { message: string; senderUsername?: string | null }): Promise<CreatedChat> {
      assertOwnName(caller, request.senderUsername);
      const message = await deps.data.transaction(async ({ chat: repository }) => {
        const chatId = await repository.chatOfPair(caller.id, partner.id, new Date().toISOString());
        return store(repository, chatId, caller, partner, request.message);
      });
      announce(message);
      return { chatId: message.chatId, participant: participantOf(partner), message: publicMessage(message) };
    },

    markRead: (caller: AuthUser, chat: CheckedChat<'read'>) => chats.markRead(chat.id, caller.id),

    async remove(chat: CheckedChat<'delete'>): Promise<void> {
      await chats.deleteChat(chat.id);
      await deps.fanout
        .publish({ type: 'chat-deleted', chatId: chat.id, userIds: [chat.firstUserId, chat.secondUserId] })
        .catch((error: unknown) => deps.log.warn({ err: error }, 'chat: live announcement failed'));
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
