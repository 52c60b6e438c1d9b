import type { QueryClient } from '@tanstack/react-query';
import { can } from '@bauakte/domain/labels';
import { idFrom } from '../../lib/link-id';
import { chatKeys } from '../../lib/query-keys';
import type { SessionUser } from '../../lib/token';
import { fetchConversations, latestMessagesQuery } from './chat-api';

/** The chat a link names ('?chat=12', a notice mail's), or null. */
export function linkedChatOf(params: URLSearchParams): number | null {
  const chat = idFrom(params.get('chat'));
  return chat === null ? null : Number(chat);
}

/**
 * A chat link opened by a logged-in user: the chat dialog's code, the list of chats and the linked
 * chat's latest messages are asked for at once, beside the page's code, instead of one after another
 * once the page has painted and the dialog has rendered (on a phone, three round trips fewer before
 * the messages show).
 */
export function prefetchLinkedChat(queryClient: QueryClient, search: string, user: SessionUser): void {
  const chatId = linkedChatOf(new URLSearchParams(search));
  if (chatId === null || !can(user, 'chat')) return;
  void import('./chat-dialog').catch(() => undefined);
  void queryClient.prefetchQuery({ queryKey: chatKeys.conversations(user.username), queryFn: () => fetchConversations(user.username) });
  void queryClient.prefetchQuery(latestMessagesQuery(user.username, chatId));
}
