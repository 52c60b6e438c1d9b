import { z } from 'zod';
import {
  chatConversationSchema,
  chatMessageSchema,
  chatPartnerSchema,
  conversationsQuerySchema,
  createChatRequestSchema,
  createdChatSchema,
  latestMessageSchema,
  listPageQuerySchema,
  markReadResponseSchema,
  pathIdSchema,
  sendMessageRequestSchema,
  unreadCountSchema,
  usernameParamsSchema,
} from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { ChatService } from './service';

const base = '/api/MessageManagment';
const chatParams = z.object({ chatId: pathIdSchema });

/** Messages (spec section 7, 'Messages'): conversations between an architect and a client. */
export function registerChatRoutes(app: App, chat: ChatService): void {
  // Chats are between architects and clients; an administrator takes part in none (403).
  const participants = ['ARCHI', 'CLIENT'] as const;
  const self = requires.self('params.username').for(...participants);
  // The chat or the partner is named in the body: who may write to them is decided first.
  const writable = requires.chat('body.chatId', 'write').for(...participants);
  const partner = requires.chatPartner('body.receiverUsername').for(...participants);
  const readable = requires.chat('params.chatId', 'read').for(...participants);
  // Administrators may delete chats (spec section 6); the access policy decides which.
  const deletable = requires.chat('params.chatId', 'delete');
  const anyParticipant = requires.roles(...participants);
  const tags = ['chat'];

  app.get(
    `${base}/receiver/:username`,
    {
      config: { access: self },
      schema: {
        tags,
        description: 'A page of chats (page, limit), each with its latest messages (messages, 20 by default); chatId and before=<message id> bring earlier messages of one chat.',
        params: usernameParamsSchema,
        querystring: conversationsQuerySchema,
        response: { 200: z.array(chatConversationSchema) },
      },
    },
    (request) => chat.conversations(self.of(request), request.query),
  );

  app.get(
    `${base}/newChat/:username`,
    { config: { access: self }, schema: { tags, params: usernameParamsSchema, response: { 200: z.array(latestMessageSchema) } } },
    (request) => chat.newest(self.of(request)),
  );

  app.get(
    `${base}/partners`,
    { config: { access: anyParticipant }, schema: { tags, querystring: listPageQuerySchema, response: { 200: z.array(chatPartnerSchema) } } },
    async (request) => chat.partners(callerOf(request), request.query),
  );

  app.get(`${base}/unread`, { config: { access: anyParticipant }, schema: { tags, response: { 200: unreadCountSchema } } }, async (request) => ({
    unread: await chat.unread(callerOf(request)),
  }));

  app.post(
    base,
    { config: { access: writable, perUserBudget: 'chatMessage' }, schema: { tags, body: sendMessageRequestSchema, response: { 201: chatMessageSchema } } },
    async (request, reply) => reply.status(201).send(await chat.send(callerOf(request), writable.of(request), request.body)),
  );

  app.post(
    `${base}/createChat`,
    // Its first message is a message like any other.
    { config: { access: partner, perUserBudget: 'chatMessage' }, schema: { tags, body: createChatRequestSchema, response: { 201: createdChatSchema } } },
    async (request, reply) => reply.status(201).send(await chat.create(callerOf(request), partner.of(request), request.body)),
  );

  app.put(
    `${base}/:chatId/read`,
    { config: { access: readable }, schema: { tags, params: chatParams, response: { 200: markReadResponseSchema } } },
    async (request) => ({ marked: await chat.markRead(callerOf(request), readable.of(request)) }),
  );

  app.delete(`${base}/:chatId`, { config: { access: deletable }, schema: { tags, params: chatParams } }, async (request, reply) => {
    await chat.remove(deletable.of(request));
    return reply.status(204).send();
  });
}
