import type { QueryClient } from '@tanstack/react-query';
import { chatMessagesPageSize } from '@bauakte/domain/labels';
import type { ChatConversation, ChatMessage, ChatPartner, CreateChatRequest, CreatedChat, LatestMessage, SendMessageRequest } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { withMessage } from '../../lib/chat-messages';
import { chatKeys } from '../../lib/query-keys';
import { pageParams } from '../../lib/use-load-more';

const base = '/MessageManagment';

/**
 * A page of the user's chats (the newest message first), each with its last message only: the list
 * shows no more, and an architect's chats with all their latest messages would make the list large.
 * A chat's latest messages come when it is opened (hasLatest, fetchConversation).
 */
export const fetchConversations = (username: string, page = 1) =>
  apiRequest<ChatConversation[]>(`${base}/receiver/${encodeURIComponent(username)}?${pageParams(page)}&messages=1`);

/**
 * Whether a conversation holds its latest messages (a page of them, or all there are), or only what
 * the list brought and what came live since.
 */
export const hasLatest = (conversation: ChatConversation) => !conversation.hasEarlier || conversation.messages.length >= chatMessagesPageSize;

/**
 * The conversation as the list holds it, with its latest messages laid in. Messages that came live
 * meanwhile stay; whether earlier ones exist is said by whichever reaches further back.
 */
export function withLatest(shown: ChatConversation, latest: ChatConversation): ChatConversation {
  const merged = withEarlier(shown, latest);
  const shownFirst = shown.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  const latestFirst = latest.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  return shownFirst < latestFirst ? { ...merged, hasEarlier: shown.hasEarlier } : merged;
}

/** One chat of the user with its latest messages, chatMessagesPageSize (none when it is not theirs or gone). */
export async function fetchConversation(username: string, chatId: number): Promise<ChatConversation | undefined> {
  const [conversation] = await apiRequest<ChatConversation[]>(`${base}/receiver/${encodeURIComponent(username)}?chatId=${chatId}`);
  return conversation;
}

/**
 * One chat's latest messages as a query (null: not the user's, or gone): a chat link's start asks
 * for them beside the page's code, and the chat dialog finds them there or on their way.
 */
export const latestMessagesQuery = (username: string, chatId: number) => ({
  queryKey: chatKeys.latest(username, chatId),
  queryFn: async () => (await fetchConversation(username, chatId)) ?? null,
});

/** The chat with the messages (chatMessagesPageSize) before `before` (none when the chat is gone). */
export async function fetchEarlierMessages(username: string, chatId: number, before: number): Promise<ChatConversation | undefined> {
  const [conversation] = await apiRequest<ChatConversation[]>(`${base}/receiver/${encodeURIComponent(username)}?chatId=${chatId}&before=${before}`);
  return conversation;
}

/** Earlier messages go before the known ones; whether there are still earlier ones, the server says. */
export function withEarlier(conversation: ChatConversation, earlier: ChatConversation): ChatConversation {
  const messages = earlier.messages.reduce<ChatMessage[]>((list, message) => withMessage(list, message), conversation.messages);
  return { ...conversation, messages, hasEarlier: earlier.hasEarlier };
}

/**
 * A list read again keeps what 'Ältere Nachrichten laden' brought: where a chat's fresh latest
 * messages begin among those already shown, the earlier ones shown stay above them (a reconnect or
 * a read asks for the list again, and the user would otherwise lose the history they scrolled
 * back to). When more came meanwhile than one page holds, there is a gap, and the fresh page stands alone.
 */
export function keepEarlier(shown: readonly ChatConversation[] | undefined, fresh: ChatConversation[]): ChatConversation[] {
  if (!shown) return fresh;
  const byId = new Map(shown.map((conversation) => [conversation.chatId, conversation]));
  return fresh.map((conversation) => {
    const before = byId.get(conversation.chatId);
    const first = conversation.messages[0];
    if (!before || !first || !before.messages.some((message) => message.id === first.id)) return conversation;
    const earlier = before.messages.filter((message) => message.id < first.id);
    if (earlier.length === 0) return conversation;
    return { ...conversation, messages: [...earlier, ...conversation.messages], hasEarlier: before.hasEarlier };
  });
}

/** The user's first page of chats as a query; read again, it keeps what is shown of each (keepEarlier). */
export const conversationsQuery = (client: QueryClient, username: string) => ({
  queryKey: chatKeys.conversations(username),
  // What is shown is read once the fresh list is here (not when it is asked for): messages laid in while it was on its way stay.
  queryFn: async () => {
    const fresh = await fetchConversations(username);
    return keepEarlier(client.getQueryData<ChatConversation[]>(chatKeys.conversations(username)), fresh);
  },
});

/**
 * Fetches, through the query cache (where the read cache keeps them), the user's chats with these
 * people among their newest chats, each with its latest messages: a project taken along keeps its
 * chats. Returns how many chats it fetched.
 */
export async function fetchChatsWith(client: QueryClient, username: string, people: readonly string[]): Promise<number> {
  const wanted = new Set(people.map((person) => person.toLowerCase()).filter((person) => person !== username.toLowerCase()));
  const conversations = await client.fetchQuery({ ...conversationsQuery(client, username), staleTime: 0 });
  const chats = conversations.filter((conversation) => wanted.has(conversation.participant.username.toLowerCase()));
  await Promise.all(chats.map((chat) => client.fetchQuery({ ...latestMessagesQuery(username, chat.chatId), staleTime: 0 })));
  return chats.length;
}

/** Spec section 7: a string answer counts as no messages. */
export async function fetchNewest(username: string): Promise<LatestMessage[]> {
  const answer = await apiRequest<LatestMessage[] | string>(`${base}/newChat/${encodeURIComponent(username)}`);
  return Array.isArray(answer) ? answer : [];
}

/** A page of whom the caller may write to, in name order. */
export const fetchPartners = (page = 1) => apiRequest<ChatPartner[]>(`${base}/partners?${pageParams(page)}`);

export const fetchUnread = async () => (await apiRequest<{ unread: number }>(`${base}/unread`)).unread;

export const postMessage = (request: SendMessageRequest) => apiRequest<ChatMessage>(base, { method: 'POST', body: request });

export const postNewChat = (request: CreateChatRequest) => apiRequest<CreatedChat>(`${base}/createChat`, { method: 'POST', body: request });

export const markChatRead = (chatId: number) => apiRequest<{ marked: number }>(`${base}/${chatId}/read`, { method: 'PUT' });

export const deleteChat = (chatId: number) => apiRequest<void>(`${base}/${chatId}`, { method: 'DELETE' });
