import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatConversation } from '@bauakte/domain/schemas';
import { chatKeys } from '../../lib/query-keys';
import { useNotKeptOffline } from '../../platform/offline/kept-on-device';
import { latestMessagesQuery, withLatest } from './chat-api';

/**
 * The chosen chat's latest messages, laid into the list (which brings each chat's last one only); a
 * chat asked for by a link may lie beyond the first page of chats and is then added to the list.
 * Through a query, so that offline the read cache gives what this device keeps of the chat (a
 * project taken along keeps its chats). Returns the chat whose messages could not be had (not the
 * user's, failed, or offline and not kept): it shows what the list brought.
 */
export function useLatestMessages(username: string, chatId: number | null, needed: boolean): number | null {
  const queryClient = useQueryClient();
  const [unloadedId, setUnloadedId] = useState<number | null>(null);
  const query = latestMessagesQuery(username, chatId ?? 0);
  const latest = useQuery({ ...query, retry: false, enabled: needed && chatId !== null && username !== '' });
  const notKept = useNotKeptOffline(query.queryKey, latest);
  const { data, isError } = latest;

  useEffect(() => {
    if (!needed || chatId === null) return;
    if (data === undefined) {
      if (isError || notKept) setUnloadedId(chatId);
      return;
    }
    if (data === null || data.chatId !== chatId) {
      setUnloadedId(chatId);
      return;
    }
    queryClient.setQueryData<ChatConversation[]>(chatKeys.conversations(username), (list = []) =>
      list.some((item) => item.chatId === data.chatId) ? list.map((item) => (item.chatId === data.chatId ? withLatest(item, data) : item)) : [...list, data],
    );
  }, [needed, chatId, data, isError, notKept, username, queryClient]);

  useEffect(() => {
    if (isError) console.warn('Chat: Unterhaltung konnte nicht geladen werden', latest.error);
  }, [isError, latest.error]);

  return unloadedId;
}
