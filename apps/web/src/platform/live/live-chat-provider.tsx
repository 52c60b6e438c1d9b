import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { can, liveDestinations } from '@bauakte/domain/labels';
import type { ChatConversation, ChatMessage } from '@bauakte/domain/schemas';
import { useSession } from '../session/session-context';
import { withMessage } from '../../lib/chat-messages';
import { chatKeys } from '../../lib/query-keys';
import { createStompChannel, type LiveChannel } from './live-channel';
import { LiveChannelFactoryContext, LiveChatContext } from './live-chat-context';

/** Each user's own queue: every new message to or from them. */
export const userQueue = '/user/queue/messages';

const isMessage = (body: unknown): body is ChatMessage =>
  typeof body === 'object' && body !== null && typeof (body as ChatMessage).id === 'number' && typeof (body as ChatMessage).chatId === 'number';

/**
 * A message that arrived live or was sent goes into its conversation; an unknown chat (just started
 * by the other) reloads the list.
 */
export async function receiveMessage(queryClient: QueryClient, username: string, message: ChatMessage): Promise<void> {
  const key = chatKeys.conversations(username);
  // A list answer still on its way (a read or a reconnect asks for the list) may have been read
  // before this message and would replace the list without it: it is cancelled and asked for again.
  const listOnItsWay = queryClient.isFetching({ queryKey: key }) > 0;
  await queryClient.cancelQueries({ queryKey: key });
  const conversations = queryClient.getQueryData<ChatConversation[]>(key);
  const known = conversations?.some((conversation) => conversation.chatId === message.chatId);
  if (conversations && known) {
    queryClient.setQueryData<ChatConversation[]>(key, (list = []) => {
      const updated = list.map((conversation) => {
        if (conversation.chatId !== message.chatId || conversation.messages.some((m) => m.id === message.id)) return conversation;
        const unread = message.receiverUsername === username && !message.isRead ? 1 : 0;
        return { ...conversation, messages: withMessage(conversation.messages, message), lastMessage: message, unreadCount: conversation.unreadCount + unread };
      });
      // The conversation with the newest message first, as the server orders them.
      return updated.sort((a, b) => b.lastMessage.id - a.lastMessage.id);
    });
  }
  if (!known || listOnItsWay) void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ queryKey: chatKeys.newest(username) });
  void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
}

/** Reads the chat lists and the unread count again; only queries on screen are fetched at once. */
export function catchUp(queryClient: QueryClient, username: string): void {
  for (const queryKey of [chatKeys.conversations(username), chatKeys.newest(username), chatKeys.unread]) void queryClient.invalidateQueries({ queryKey });
}

/** Keeps one live connection for the logged-in architect or client; their lists and badges follow it. */
export function LiveChatProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const factory = useContext(LiveChannelFactoryContext) ?? createStompChannel;
  const [channel, setChannel] = useState<LiveChannel | null>(null);
  const [connected, setConnected] = useState(false);
  const [activeUsers, setActiveUsers] = useState<ReadonlySet<string>>(() => new Set());
  const token = user?.token;
  const username = user?.username;
  const takesPart = can(user, 'chat');

  useEffect(() => {
    if (!token || !username || !takesPart) return undefined;
    const live = factory(token);
    setChannel(live);
    const stopWatching = live.onConnectionChange((value) => {
      setConnected(value);
      if (!value) setActiveUsers(new Set());
      // Messages sent while the channel was down (or before its first subscription) came by no
      // queue: once connected, the lists and the badge are read again.
      else catchUp(queryClient, username);
    });
    const stopPresence = live.subscribe(liveDestinations.activeUsers, (body) => {
      if (Array.isArray(body)) setActiveUsers(new Set(body.filter((name): name is string => typeof name === 'string')));
    });
    const stopQueue = live.subscribe(userQueue, (body) => {
      if (isMessage(body)) void receiveMessage(queryClient, username, body);
    });
    return () => {
      stopPresence();
      stopQueue();
      stopWatching();
      live.close();
      setChannel(null);
      setConnected(false);
    };
  }, [factory, token, username, takesPart, queryClient]);

  const state = useMemo(() => ({ channel, connected, activeUsers }), [channel, connected, activeUsers]);
  return <LiveChatContext.Provider value={state}>{children}</LiveChatContext.Provider>;
}
