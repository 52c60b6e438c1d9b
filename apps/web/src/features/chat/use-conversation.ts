import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveDestinations } from '@bauakte/domain/labels';
import type { ChatConversation, ChatMessage } from '@bauakte/domain/schemas';
import { markChatRead, postMessage } from './chat-api';
import { chatKeys } from '../../lib/query-keys';
import { NetworkError } from '../../lib/api';
import { isOnline } from '../../lib/online-status';
import { useQueue } from '../../platform/offline/queue-context';
import { useLiveChat } from '../../platform/live/live-chat-context';
import { receiveMessage } from '../../platform/live/live-chat-provider';

/** How long a live SEND may take to come back before the text is given back to the writer. */
export const liveEchoTimeoutMs = 5_000;

/**
 * The open conversation: live when both people are online (spec section 5), by plain request
 * otherwise; read as soon as it is shown.
 */
export function useConversation(username: string, conversation: ChatConversation | undefined) {
  const queryClient = useQueryClient();
  const { channel, connected, activeUsers } = useLiveChat();
  const chatId = conversation?.chatId;
  const other = conversation?.participant.username;
  const live = connected && channel !== null && other !== undefined && activeUsers.has(username) && activeUsers.has(other);
  const echoes = useRef(new Map<string, () => void>());
  const [sending, setSending] = useState(false);
  const queue = useQueue();

  // The chat's topic only while the live channel is used for it.
  useEffect(() => {
    if (!live || chatId === undefined || !channel) return undefined;
    return channel.subscribe(liveDestinations.chat(chatId), (body) => {
      const message = body as ChatMessage;
      if (typeof message?.id !== 'number') return;
      void receiveMessage(queryClient, username, message);
      if (message.senderUsername === username) echoes.current.get(message.message)?.();
    });
  }, [live, chatId, channel, queryClient, username]);

  // Shown means read: unread messages to the user are marked as soon as they are on screen.
  const unread = conversation?.unreadCount ?? 0;
  useEffect(() => {
    if (chatId === undefined || unread === 0) return;
    void markChatRead(chatId)
      .then(() => {
        queryClient.setQueryData<ChatConversation[]>(chatKeys.conversations(username), (list) =>
          list?.map((item) => (item.chatId === chatId ? { ...item, unreadCount: 0, messages: item.messages.map((m) => (m.receiverUsername === username ? { ...m, isRead: true } : m)) } : item)),
        );
        // A list request still on its way was answered before the read and would bring the count back:
        // invalidating cancels it and asks again.
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(username) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
        void queryClient.invalidateQueries({ queryKey: chatKeys.newest(username) });
      })
      .catch((error: unknown) => console.warn('Chat: als gelesen markieren fehlgeschlagen', error));
  }, [chatId, unread, queryClient, username]);

  /** Resolves once the message is on its way; rejects (the text stays with the writer) when it is not. */
  async function send(text: string): Promise<void> {
    if (!conversation || text.trim() === '') return;
    const body = { message: text, senderUsername: username, receiverUsername: conversation.participant.username, chatId: conversation.chatId, isRead: false };
    // Without a connection the message waits on the device and shows as pending in the conversation.
    const keep = () => queue.enqueue({ kind: 'chat', chatId: body.chatId, receiverUsername: body.receiverUsername, message: text }).then(() => undefined);
    if (queue.available && !isOnline()) return keep();
    setSending(true);
    try {
      if (live && channel?.publish(liveDestinations.send(conversation.chatId), body)) {
        await new Promise<void>((resolve, reject) => {
          const finish = (failure?: Error) => {
            window.clearTimeout(timer);
            stopRefusals();
            echoes.current.delete(text);
            if (failure) reject(failure);
            else resolve();
          };
          const timer = window.setTimeout(() => finish(new Error('no live echo')), liveEchoTimeoutMs);
          // A refused SEND (e.g. the per-user budget) is answered by an ERROR frame and the connection
          // closes: no echo comes, and the writer is told the server's reason at once.
          const stopRefusals = channel.onRefusal(finish);
          echoes.current.set(text, () => finish());
        });
        return;
      }
      let sent;
      try {
        sent = await postMessage(body);
      } catch (error) {
        if (error instanceof NetworkError && queue.available) return await keep();
        throw error;
      }
      await receiveMessage(queryClient, username, sent);
    } finally {
      setSending(false);
    }
  }

  return { live, send, sending };
}
