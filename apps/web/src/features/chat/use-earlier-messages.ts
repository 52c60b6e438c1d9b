import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatConversation } from '@bauakte/domain';
import { fetchEarlierMessages, withEarlier } from './chat-api';
import { chatKeys } from '../../lib/query-keys';

export interface EarlierMessages {
  /** The server said there are messages before the first one shown. */
  available: boolean;
  loading: boolean;
  failed: boolean;
  load(): Promise<void>;
}

/** 'Ältere Nachrichten laden': the messages (chatMessagesPageSize) before the first one shown go into the conversation. */
export function useEarlierMessages(username: string, conversation: ChatConversation | undefined): EarlierMessages {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function load(): Promise<void> {
    const first = conversation?.messages[0];
    if (!conversation || !first || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const earlier = await fetchEarlierMessages(username, conversation.chatId, first.id);
      if (!earlier) return;
      queryClient.setQueryData<ChatConversation[]>(chatKeys.conversations(username), (list) =>
        list?.map((item) => (item.chatId === conversation.chatId ? withEarlier(item, earlier) : item)),
      );
    } catch (error) {
      console.warn('Chat: ältere Nachrichten konnten nicht geladen werden', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return { available: conversation?.hasEarlier ?? false, loading, failed, load };
}
