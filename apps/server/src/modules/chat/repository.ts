import { sql } from 'kysely';
import type { ChatMessage, ChatParticipant, PersonName } from '@bauakte/domain';
import { isPostgresDb, type Db } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';

const messageColumns = [
  'm.id',
  'm.chatId',
  'm.body',
  'm.isRead',
  'm.sentAt',
  'm.senderId',
  'm.receiverId',
  'sender.username as senderUsername',
  'receiver.username as receiverUsername',
] as const;

interface MessageRow {
  id: number;
  chatId: number;
  body: string;
  isRead: number;
  sentAt: string;
  senderId: number;
  receiverId: number;
  senderUsername: string;
  receiverUsername: string;
}

/** A stored message with its participants' ids, which deliveries need. */
export interface StoredMessage extends ChatMessage {
  senderId: number;
  receiverId: number;
}

const toMessage = (row: MessageRow): StoredMessage => ({
  id: row.id,
  chatId: row.chatId,
  message: row.body,
  senderUsername: row.senderUsername,
  receiverUsername: row.receiverUsername,
  isRead: Number(row.isRead) === 1,
  sentAt: row.sentAt,
  senderId: row.senderId,
  receiverId: row.receiverId,
});

/** A message read without its participants' names, named from the two people of its chat. */
export const namedMessage = (row: ChatMessageRow, usernameOf: ReadonlyMap<number, string>): StoredMessage =>
  toMessage({ ...row, senderUsername: usernameOf.get(row.senderId) ?? '', receiverUsername: usernameOf.get(row.receiverId) ?? '' });

export interface ChatRow {
  chatId: number;
  participant: ChatParticipant;
  /** The other participant's id: with the caller's, it names the sender and receiver of every message. */
  participantId: number;
}

/** A message of a chat whose two participants the caller already knows. */
export type ChatMessageRow = Omit<MessageRow, 'senderUsername' | 'receiverUsername'>;

const ownColumns = ['id', 'chatId', 'body', 'isRead', 'sentAt', 'senderId', 'receiverId'] as const;

/** Every dashboard asks it: built once (preparedQuery). */
const unreadCountQuery = preparedQuery((db: Db, userId: number) =>
  db
    .selectFrom('chatMessages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('receiverId', '=', userId)
    .where('isRead', '=', 0),
);

/** Messages with their sender's and receiver's usernames. */
const messagesOf = (db: Db) =>
  db
    .selectFrom('chatMessages as m')
    .innerJoin('users as sender', 'sender.id', 'm.senderId')
    .innerJoin('users as receiver', 'receiver.id', 'm.receiverId')
    .select(messageColumns);

/** The dashboard's newest messages by the time they were sent, newest first: every dashboard asks it (built once). */
const newestReceivedQuery = preparedQuery((db: Db, userId: number, limit: number) =>
  messagesOf(db)
    .select(['sender.firstName as senderFirstName', 'sender.lastName as senderLastName'])
    .where('m.receiverId', '=', userId)
    .orderBy('m.sentAt', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit),
);

/** Every send writes one. */
const insertMessageQuery = preparedQuery((db: Db, chatId: number, senderId: number, receiverId: number, body: string, sentAt: string) =>
  db.insertInto('chatMessages').values({ chatId, senderId, receiverId, body, sentAt, isRead: 0 }).returning('id'),
);

/** Every opening of a chat marks its messages read. */
const markReadQuery = preparedQuery((db: Db, chatId: number, userId: number) =>
  db.updateTable('chatMessages').set({ isRead: 1 }).where('chatId', '=', chatId).where('receiverId', '=', userId).where('isRead', '=', 0),
);

/** A notice to a receiver about a sender, claimed at most once per period; every send asks it when the receiver wants mail. */
const claimNoticeQuery = preparedQuery((db: Db, userId: number, senderId: number, now: string, since: string) =>
  db
    .insertInto('chatNotices')
    .values({ userId, senderId, sentAt: now })
    .onConflict((oc) => oc.columns(['userId', 'senderId']).doUpdateSet({ sentAt: now }).where('chatNotices.sentAt', '<', since))
    .returning('userId'),
);

/** `asyncCommitDb`: where read marks are written (DatabaseHandle.asyncCommitDb). */
export function createChatRepository(db: Db, asyncCommitDb: Db = db) {
  const messages = () => messagesOf(db);

  return {
    /** The pair's chat, made if there is none; a parallel start of the same pair finds the other's. */
    async chatOfPair(userA: number, userB: number, now: string): Promise<number> {
      const [firstUserId, secondUserId] = userA < userB ? [userA, userB] : [userB, userA];
      await db
        .insertInto('chats')
        .values({ firstUserId, secondUserId, createdAt: now })
        .onConflict((oc) => oc.columns(['firstUserId', 'secondUserId']).doNothing())
        .execute();
      const chat = await db.selectFrom('chats').select('id').where('firstUserId', '=', firstUserId).where('secondUserId', '=', secondUserId).executeTakeFirstOrThrow();
      return chat.id;
    },

    async insertMessage(message: { chatId: number; senderId: number; receiverId: number; body: string; sentAt: string }): Promise<number> {
      const row = await insertMessageQuery.executeTakeFirstOrThrow(db, message.chatId, message.senderId, message.receiverId, message.body, message.sentAt);
      return row.id;
    },

    async message(id: number): Promise<StoredMessage | undefined> {
      const row = await messages().where('m.id', '=', id).executeTakeFirst();
      return row ? toMessage(row) : undefined;
    },

    /**
     * A page of the user's chats, the one with the newest message first, each with the other
     * participant; with onlyChatId just that chat, if it is the user's.
     */
    async chatsOf(userId: number, window: { offset: number; limit: number }, onlyChatId?: number): Promise<ChatRow[]> {
      const rows = await db
        .selectFrom('chats')
        // The other participant: whichever of the two the user is not.
        .innerJoin('users as other', (join) =>
          join.on('other.id', '=', sql<number>`case when ${sql.ref('chats.firstUserId')} = ${userId} then ${sql.ref('chats.secondUserId')} else ${sql.ref('chats.firstUserId')} end`),
        )
        .where((eb) => eb.or([eb('chats.firstUserId', '=', userId), eb('chats.secondUserId', '=', userId)]))
        .$if(onlyChatId !== undefined, (query) => query.where('chats.id', '=', onlyChatId as number))
        .select(['chats.id as chatId', 'other.id as participantId', 'other.username', 'other.firstName', 'other.lastName', 'other.role'])
        .select((eb) => eb.selectFrom('chatMessages').select((inner) => inner.fn.max('chatMessages.id').as('newest')).whereRef('chatMessages.chatId', '=', 'chats.id').as('newest'))
        .orderBy('newest', 'desc')
        .orderBy('chats.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
      return rows.map(({ chatId, participantId, newest: _newest, ...participant }) => ({ chatId, participantId, participant }));
    },

    /**
     * The latest `perChat` messages of each chat (oldest first), without their participants' names
     * (the caller knows both). Each chat's newest rows are read backwards through the (chat, id) index,
     * which stops after `perChat`: on PostgreSQL a LATERAL join, on SQLite (which has none) a join of
     * the chat ids (one JSON parameter, so the statement is the same for any number of chats) to a
     * correlated IN. Ranking all of the chats' messages by a window would read every one of them.
     */
    async latestOfChats(chatIds: readonly number[], perChat: number): Promise<ChatMessageRow[]> {
      if (chatIds.length === 0) return [];
      if (isPostgresDb(db)) {
        return db
          .selectFrom('chats')
          .innerJoinLateral(
            (eb) => eb.selectFrom('chatMessages').select(ownColumns).whereRef('chatMessages.chatId', '=', 'chats.id').orderBy('chatMessages.id', 'desc').limit(perChat).as('m'),
            (join) => join.onTrue(),
          )
          .select(ownColumns.map((column) => `m.${column}` as const))
          .where('chats.id', 'in', chatIds)
          .orderBy('m.id')
          .execute();
      }
      const chats = sql<{ value: number }>`json_each(${JSON.stringify(chatIds)})`.as('c');
      return db
        .selectFrom(chats)
        .innerJoin('chatMessages as m', (join) =>
          join.on('m.id', 'in', (eb) => eb.selectFrom('chatMessages as newest').select('newest.id').whereRef('newest.chatId', '=', 'c.value').orderBy('newest.id', 'desc').limit(perChat)),
        )
        .select(ownColumns.map((column) => `m.${column}` as const))
        .orderBy('m.id')
        .execute();
    },

    /** The `limit` messages of a chat before the message `before` (oldest first). */
    async before(chatId: number, before: number, limit: number): Promise<StoredMessage[]> {
      const rows = await messages().where('m.chatId', '=', chatId).where('m.id', '<', before).orderBy('m.id', 'desc').limit(limit).execute();
      return rows.map(toMessage).reverse();
    },

    /** How many messages to the user are unread, per chat. */
    async unreadByChat(userId: number, chatIds: readonly number[]): Promise<Map<number, number>> {
      if (chatIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('chatMessages')
        .select(['chatId', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('receiverId', '=', userId)
        .where('isRead', '=', 0)
        .where('chatId', 'in', chatIds)
        .groupBy('chatId')
        .execute();
      return new Map(rows.map((row) => [row.chatId, Number(row.count)]));
    },

    /** Messages to the user, the newest first (by the time sent); the unread ones are marked. */
    async newestReceived(userId: number, limit: number): Promise<Array<StoredMessage & { sender: PersonName }>> {
      const rows = await newestReceivedQuery.execute(db, userId, limit);
      return rows.map((row) => ({ ...toMessage(row), sender: { username: row.senderUsername, firstName: row.senderFirstName, lastName: row.senderLastName } }));
    },

    /** A read mark lost in a crash only shows the messages as unread once more: it does not wait for the disk. */
    markRead: (chatId: number, userId: number): Promise<number> => markReadQuery.affectedRows(asyncCommitDb, chatId, userId),

    async unreadCount(userId: number): Promise<number> {
      const row = await unreadCountQuery.executeTakeFirst(db, userId);
      return Number(row?.count ?? 0);
    },

    deleteChat: (chatId: number) => db.deleteFrom('chats').where('id', '=', chatId).execute(),

    /**
     * Takes the right to mail the user about the sender's messages if none was sent since `since`:
     * one row per receiver and sender (a chat deleted and started again is still the same two
     * people), updated only when old enough, so parallel instances mail once.
     */
    async claimNotice(userId: number, senderId: number, now: string, since: string): Promise<boolean> {
      return (await claimNoticeQuery.executeTakeFirst(db, userId, senderId, now, since)) !== undefined;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly chat: ChatRepository;
  }
}
