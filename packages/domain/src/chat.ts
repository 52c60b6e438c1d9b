import { z } from 'zod';
import { requestObject } from './fields';
import { requestIdSchema } from './ids';
import { personNameSchema } from './people-schema';
import { isSafeMultiLine } from './text';
import { fieldTexts } from './texts/form-texts';
import { claimedUsernameSchema, usernameSchema } from './username';

/**
 * Chat (spec sections 2, 3, 5, 7): conversations between an architect and a client. A chat is the
 * group of messages sharing one chatId; it has exactly two participants.
 */
export const chatMessageMaxLength = 10_000;

/** 1–10,000 characters after trimming; stored as written, line breaks and tabs included. */
export const chatMessageTextSchema = z
  .string()
  .refine(isSafeMultiLine, fieldTexts.forbiddenCharacters)
  .refine((value) => value.trim().length > 0, fieldTexts.chatMessageRequired)
  .refine((value) => value.trim().length <= chatMessageMaxLength, fieldTexts.chatMessageTooLong);

/** A chat id in a body: a positive integer, also as its text (`"12"`), as the spec's client sends it. */
export const chatIdSchema = requestIdSchema(fieldTexts.idInvalid(fieldTexts.queryNames.chatId));

/**
 * `POST /api/MessageManagment`, and the body of a live SEND to /app/chat/{chatId} (whose chatId
 * it must name): a message into an existing chat. The sender is always the token's
 * user: a senderUsername naming someone else is refused (403), never believed.
 */
export const sendMessageRequestSchema = requestObject({
  message: chatMessageTextSchema,
  senderUsername: claimedUsernameSchema,
  receiverUsername: claimedUsernameSchema,
  chatId: chatIdSchema,
  isRead: z.boolean().optional(),
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

/** `POST /api/MessageManagment/createChat`: the first message to someone; an existing chat of the two is continued. */
export const createChatRequestSchema = requestObject({
  message: chatMessageTextSchema,
  senderUsername: claimedUsernameSchema,
  receiverUsername: usernameSchema,
});
export type CreateChatRequest = z.input<typeof createChatRequestSchema>;

/** One message (spec section 3), with the time it was sent (ISO 8601). */
export const chatMessageSchema = z.object({
  id: z.number(),
  chatId: z.number(),
  message: z.string(),
  senderUsername: z.string(),
  receiverUsername: z.string(),
  isRead: z.boolean(),
  sentAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** 'Neusten Nachrichten': a message with its sender's name (not in the spec; senderUsername stays). */
export const latestMessageSchema = chatMessageSchema.extend({
  sender: personNameSchema,
});
export type LatestMessage = z.infer<typeof latestMessageSchema>;

/** The other person of a conversation, as the list shows them. */
export const chatParticipantSchema = z.object({
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(['ADMIN', 'ARCHI', 'CLIENT']),
});
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

/**
 * `GET /api/MessageManagment/receiver/{username}`: the caller's messages grouped by chatId, newest
 * conversation first, each with the other participant, its last message, the caller's unread count
 * and its messages oldest first.
 */
export const chatConversationSchema = z.object({
  chatId: z.number(),
  participant: chatParticipantSchema,
  lastMessage: chatMessageSchema,
  unreadCount: z.number(),
  /** The latest messages (chatMessagesPageSize unless asked otherwise), oldest first. */
  messages: z.array(chatMessageSchema),
  /** Whether earlier messages exist than those sent: '?chatId=&before=<first id>' brings them. */
  hasEarlier: z.boolean(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** `POST /api/MessageManagment/createChat` answers the chat with its first (new) message. */
export const createdChatSchema = z.object({
  chatId: z.number(),
  participant: chatParticipantSchema,
  message: chatMessageSchema,
});
export type CreatedChat = z.infer<typeof createdChatSchema>;

/** `GET /api/MessageManagment/partners?page=&limit=`: whom the caller may write to, in name order (NewChat's dropdown). */
export const chatPartnerSchema = chatParticipantSchema;
export type ChatPartner = ChatParticipant;

/** `PUT /api/MessageManagment/{chatId}/read` answers how many messages it marked read. */
export const markReadResponseSchema = z.object({ marked: z.number() });

/** `GET /api/MessageManagment/unread`: the sidebar badge's number. */
export const unreadCountSchema = z.object({ unread: z.number() });
