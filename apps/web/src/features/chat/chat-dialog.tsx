import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@bauakte/domain/labels';
import type { ChatConversation } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { StatusMessage } from '../../components/ui/status-message';
import { errorContexts } from '../../lib/error-contexts';
import { cn } from '../../lib/cn';
import { useLoadMore } from '../../lib/use-load-more';
import { useServerAction } from '../../platform/actions/use-server-action';
import type { ModalBodyProps } from '../../platform/modals/modal-types';
import { useModal } from '../../platform/modals/modal-context';
import { de } from '../../i18n/de';
import { useSession } from '../../platform/session/session-context';
import { conversationsQuery, deleteChat, fetchConversations, hasLatest } from './chat-api';
import { chatKeys } from '../../lib/query-keys';
import { ConversationListSkeleton, ConversationSkeleton } from './chat-skeletons';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { useLiveChat } from '../../platform/live/live-chat-context';
import { useConversation } from './use-conversation';
import { useEarlierMessages } from './use-earlier-messages';
import { useLatestMessages } from './use-latest-messages';

const t = de.chat;

/** A chat id handed to the modal (from a mail link or the dashboard card). */
const chatIdOf = (value: unknown): number | null => (typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null);

/**
 * 'Chat Übersicht' (spec sections 2 and 5): conversations on the left, the chosen one on the right;
 * on a phone the two are screens of their own. A single conversation opens at once. While the list
 * and the messages load, blocks of their size hold their place: nothing moves when they arrive.
 */
export function ChatDialog({ close, props }: ModalBodyProps) {
  const { user } = useSession();
  const username = user?.username ?? '';
  const roles = user?.roles ?? [];
  const { openModal } = useModal();
  const queryClient = useQueryClient();
  const { activeUsers } = useLiveChat();
  // undefined: nothing chosen yet; null: the list, chosen (on a phone, by 'Zurück').
  const [chosenId, setChosenId] = useState<number | null | undefined>(() => chatIdOf(props.chatId) ?? undefined);
  const query = useQuery({ ...conversationsQuery(queryClient, username), enabled: username !== '' });
  const conversations = query.data ?? [];
  // With one conversation there is nothing to choose: it opens without 'Wählen Sie links eine Unterhaltung.'
  const selectedId = chosenId === undefined ? (conversations.length === 1 ? conversations[0]!.chatId : null) : chosenId;
  const selected: ChatConversation | undefined = conversations.find((conversation) => conversation.chatId === selectedId);
  const { live, send } = useConversation(username, selected);
  // A list once read stays while a later reading of it fails: the open conversation, and what is typed in it, with it.
  const listed = query.data !== undefined;

  // The chosen chat's latest messages (the list brings each chat's last one only).
  const needsLatest = listed && selectedId !== null && (selected === undefined || !hasLatest(selected));
  const unloadedId = useLatestMessages(username, selectedId, needsLatest);
  const earlier = useEarlierMessages(username, selected);
  const moreChats = useLoadMore({
    queryKey: chatKeys.conversations(username),
    data: query.data,
    fetchPage: (page) => fetchConversations(username, page),
    keyOf: (conversation) => conversation.chatId,
  });
  // Spec section 6: architects and administrators delete chats.
  const mayDelete = can({ roles }, 'deleteChats');

  const deletion = useServerAction({
    confirm: () => ({ title: t.confirmDelete, confirmLabel: t.delete, destructive: true }),
    action: (conversation: ChatConversation) => deleteChat(conversation.chatId),
    invalidates: [chatKeys.all],
    status: () => t.deleted,
    errors: errorContexts.deleteChat,
    onSuccess: (_, conversation) => {
      queryClient.setQueryData<ChatConversation[]>(chatKeys.conversations(username), (list) => list?.filter((item) => item.chatId !== conversation.chatId));
      setChosenId(null);
    },
    onError: (failure) => console.warn('Chat: Löschen fehlgeschlagen', failure),
  });

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-3">
      {query.isError && !listed ? <FormError>{t.loadFailed}</FormError> : null}
      {query.isError && !listed ? null : (
        <div className="flex min-h-0 min-w-0 flex-1 gap-4">
          <nav aria-label={t.conversations} className={cn('min-h-0 w-full min-w-0 overflow-y-auto sm:w-72 sm:shrink-0 sm:border-r sm:border-border sm:pr-3', selectedId !== null ? 'hidden sm:block' : 'block')}>
            {listed ? (
              <>
                <ConversationList
                  conversations={conversations}
                  selectedId={selectedId}
                  activeUsers={activeUsers}
                  onSelect={(chatId) => {
                    deletion.clear();
                    setChosenId(chatId);
                  }}
                />
                <LoadMoreButton more={moreChats} />
              </>
            ) : (
              <ConversationListSkeleton />
            )}
          </nav>
          <div className={cn('min-h-0 min-w-0 flex-1 flex-col', selectedId !== null ? 'flex' : 'hidden sm:flex')}>
            {selected ? (
              <ConversationView
                conversation={selected}
                username={username}
                online={activeUsers.has(selected.participant.username)}
                live={live}
                messagesLoading={!hasLatest(selected) && unloadedId !== selected.chatId}
                mayDelete={mayDelete}
                earlier={earlier}
                onSend={send}
                onDelete={() => void deletion.run(selected)}
                onBack={() => setChosenId(null)}
              />
            ) : selectedId !== null && unloadedId !== selectedId ? (
              <ConversationSkeleton />
            ) : listed && conversations.length > 0 ? (
              <p className="m-auto text-sm text-muted-foreground">{t.chooseConversation}</p>
            ) : null}
          </div>
        </div>
      )}
      <FormError>{deletion.error}</FormError>
      <StatusMessage>{deletion.status}</StatusMessage>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={close}>
          {t.close}
        </Button>
        <Button onClick={() => openModal('NewChat')}>{t.startNew}</Button>
      </div>
    </div>
  );
}
