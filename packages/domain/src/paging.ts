import { z } from 'zod';
import { fieldTexts } from './texts/form-texts';
import { queryIdSchema } from './ids';
import { listPageDefaultLimit, listPageMaxLimit, chatMessagesPageSize } from './page-sizes';

/** A whole number from a query string ('3'), at least 1 and at most max; anything else is refused in German. */
export const queryCount = (label: string, max: number, fallback: number) =>
  z
    .string({ error: fieldTexts.queryCount(label, max) })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return fallback;
      const count = /^[0-9]{1,6}$/.test(value) ? Number(value) : Number.NaN;
      if (!(count >= 1 && count <= max)) {
        context.addIssue({ code: 'custom', message: fieldTexts.queryCount(label, max) });
        return z.NEVER;
      }
      return count;
    });

/** `?page=&limit=`: page 1 and 100 entries unless asked otherwise, at most 200. */
export const listPageQuerySchema = z.object({
  page: queryCount(fieldTexts.queryNames.page, 100_000, 1).meta({ description: 'The page, from 1 (default 1).' }),
  limit: queryCount(fieldTexts.queryNames.limit, listPageMaxLimit, listPageDefaultLimit).meta({
    description: `Entries per page, 1 to ${listPageMaxLimit} (default ${listPageDefaultLimit}); a shorter page is the last.`,
  }),
});
export type ListPageQuery = z.output<typeof listPageQuerySchema>;

/**
 * `GET /api/MessageManagment/receiver/{username}`: a page of chats (newest message first), each with
 * its latest messages; with chatId (and before) only that chat, with the messages before that id.
 */
export const conversationsQuerySchema = listPageQuerySchema.extend({
  chatId: queryIdSchema(fieldTexts.queryNames.chatId).meta({ description: 'Only this chat of the user.' }),
  before: queryIdSchema(fieldTexts.queryNames.before).meta({ description: 'With chatId: the messages before the message with this id.' }),
  messages: queryCount(fieldTexts.queryNames.messages, listPageMaxLimit, chatMessagesPageSize).meta({
    description: `Messages per chat, the latest, 1 to ${listPageMaxLimit} (default ${chatMessagesPageSize}).`,
  }),
});
export type ConversationsQuery = z.output<typeof conversationsQuerySchema>;

/** The rows of one page, for a repository: how many to skip and how many to take. */
export const pageWindow = (query: ListPageQuery) => ({ offset: (query.page - 1) * query.limit, limit: query.limit });
