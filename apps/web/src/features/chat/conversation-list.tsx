import { distinctName } from '@bauakte/domain/labels';
import type { ChatConversation } from '@bauakte/domain/schemas';
import { cn } from '../../lib/cn';
import { messageTimeText } from '../../lib/date-time';
import { de } from '../../i18n/de';

const t = de.chat;

export function OnlineDot({ online }: { online: boolean }) {
  return (
    <span className={cn('inline-block size-2.5 shrink-0 rounded-full', online ? 'bg-emerald-600' : 'bg-muted-foreground/40')} role="img" aria-label={online ? t.online : t.offline} />
  );
}

interface ConversationListProps {
  conversations: ChatConversation[];
  selectedId: number | null;
  activeUsers: ReadonlySet<string>;
  onSelect(chatId: number): void;
}

/** Left: one entry per conversation, the newest first, with its last message, time, unread count and online dot. */
export function ConversationList({ conversations, selectedId, activeUsers, onSelect }: ConversationListProps) {
  if (conversations.length === 0) return <p className="p-3 text-sm text-muted-foreground">{t.noConversations}</p>;
  const others = conversations.map((conversation) => conversation.participant);
  return (
    <ul aria-label={t.conversations} className="flex flex-col gap-1">
      {conversations.map((conversation) => {
        // Two people of the same name are told apart by their usernames.
        const name = distinctName(conversation.participant, others);
        const selected = conversation.chatId === selectedId;
        return (
          <li key={conversation.chatId}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(conversation.chatId)}
              className={cn(
                'flex w-full flex-col gap-1 rounded-md px-3 py-2 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                selected && 'bg-accent',
              )}
            >
              <span className="flex items-center gap-2">
                <OnlineDot online={activeUsers.has(conversation.participant.username)} />
                <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
                <time dateTime={conversation.lastMessage.sentAt} className="shrink-0 text-xs text-muted-foreground">
                  {messageTimeText(conversation.lastMessage.sentAt)}
                </time>
              </span>
              <span className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">{conversation.lastMessage.message}</span>
                {conversation.unreadCount > 0 ? (
                  <span className="shrink-0 rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground" aria-label={t.unread(conversation.unreadCount)}>
                    {conversation.unreadCount}
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
