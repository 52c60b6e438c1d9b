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
import { callerOf, type AccessPolicy } from '../../platform/access/access';
import { addressingField, addressingId, validBody } from '../../platform/http/request-body';
import type { App } from '../../platform/http/types';
import type { ChatService } from './service';

const base = '/api/MessageManagment';
const chatParams = z.object({ chatId: pathIdSchema });

/** A username the body names, read before validation so that access is decided first. */
function receiverIn(body: unknown): string | null {
  return typeof body === 'string' && /^[A-Za-z0-9]{1,50}$/.test(body) ? body : null;
}

/** Messages (spec section 7, 'Messages'): conversations between an architect and a client. */
export function registerChatRoutes(app: App, deps: { chat: ChatService; access: AccessPolicy }): void {
  const { chat, access } = deps;
  const tags = ['chat'];

  app.get(
    `${base}/receiver/:username`,
    {
      schema: {
        tags,
        description: 'A page of chats (page, limit), each with its latest messages (messages, 20 by default); chatId and before=<message id> bring earlier messages of one chat.',
        params: usernameParamsSchema,
        querystring: conversationsQuerySchema,
        response: { 200: z.array(chatConversationSchema) },
      },
    },
    async (request) => chat.conversations(access.self(callerOf(request), request.params.username), request.query),
  );

  app.get(
    `${base}/newChat/:username`,
    { schema: { tags, params: usernameParamsSchema, response: { 200: z.array(latestMessageSchema) } } },
    async (request) => chat.newest(access.self(callerOf(request), request.params.username)),
  );

  app.get(`${base}/partners`, { schema: { tags, querystring: listPageQuerySchema, response: { 200: z.array(chatPartnerSchema) } } }, async (request) =>
    chat.partners(callerOf(request), request.query),
  );

  app.get(`${base}/unread`, { schema: { tags, response: { 200: unreadCountSchema } } }, async (request) => ({ unread: await chat.unread(callerOf(request)) }));

  app.post(
    base,
    { config: { perUserBudget: 'chatMessage' }, attachValidation: true, schema: { tags, body: sendMessageRequestSchema, response: { 201: chatMessageSchema } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const target = await access.chat(caller, addressingId(request, 'chatId'), 'write');
      return reply.status(201).send(await chat.send(caller, target, validBody(request)));
    },
  );

  app.post(
    `${base}/createChat`,
    // Its first message is a message like any other.
    { config: { perUserBudget: 'chatMessage' }, attachValidation: true, schema: { tags, body: createChatRequestSchema, response: { 201: createdChatSchema } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const partner = await access.chatPartner(caller, receiverIn(addressingField(request, 'receiverUsername')));
      return reply.status(201).send(await chat.create(caller, partner, validBody(request)));
    },
  );

  app.put(
    `${base}/:chatId/read`,
    { schema: { tags, params: chatParams, response: { 200: markReadResponseSchema } } },
    async (request) => {
      const caller = callerOf(request);
      return { marked: await chat.markRead(caller, await access.chat(caller, request.params.chatId, 'read')) };
    },
  );

  app.delete(`${base}/:chatId`, { schema: { tags, params: chatParams } }, async (request, reply) => {
    await chat.remove(await access.chat(callerOf(request), request.params.chatId, 'delete'));
    return reply.status(204).send();
  });
}
