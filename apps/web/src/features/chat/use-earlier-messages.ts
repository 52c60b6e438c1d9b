import { useQueryClient } from '@tanstack/react-query';
import type { ChatConversation } from '@bauakte/domain/schemas';
import { errorContexts } from '../../lib/error-contexts';
import { useServerAction } from '../../platform/actions/use-server-action';
import { fetchEarlierMessages, withEarlier } from './chat-api';
import { chatKeys } from '../../lib/query-keys';

export interface EarlierMessages {
  /** The server said there are messages before the first one shown. */
  available: boolean;
  loading: boolean;
  /** Why the last load failed; undefined when it did not. */
  error: string | undefined;
  load(): Promise<void>;
}

/** 'Ältere Nachrichten laden': the messages (chatMessagesPageSize) before the first one shown go into the conversation. */
export function useEarlierMessages(username: string, conversation: ChatConversation | undefined): EarlierMessages {
  const queryClient = useQueryClient();
  const earlier = useServerAction({
    action: ({ chatId, before }: { chatId: number; before: number }) => fetchEarlierMessages(username, chatId, before),
    errors: errorContexts.loadEarlierMessages,
    onSuccess: (messages, { chatId }) => {
      if (!messages) return;
      queryClient.setQueryData<ChatConversation[]>(chatKeys.conversations(username), (list) => list?.map((item) => (item.chatId === chatId ? withEarlier(item, messages) : item)));
    },
    onError: (failure) => console.warn('Chat: ältere Nachrichten konnten nicht geladen werden', failure),
  });

  const load = async (): Promise<void> => {
    const first = conversation?.messages[0];
    if (!conversation || !first) return;
    await earlier.run({ chatId: conversation.chatId, before: first.id });
  };

  return { available: conversation?.hasEarlier ?? false, loading: earlier.busy, error: earlier.error, load };
}
