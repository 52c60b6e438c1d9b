import { useQuery } from '@tanstack/react-query';
import { participantName } from '@bauakte/domain/labels';
import type { LatestMessage } from '@bauakte/domain/schemas';
import { Spinner } from '../../components/ui/spinner';
import { FormError } from '../../components/ui/form-error';
import { cn } from '../../lib/cn';
import { messageTimeText } from '../../lib/date-time';
import { useModal } from '../../platform/modals/modal-context';
import { de } from '../../i18n/de';
import { useSession } from '../../platform/session/session-context';
import { fetchNewest } from './chat-api';
import { chatKeys } from '../../lib/query-keys';

const t = de.chat;

/** Spec section 2 shows the sender's username; the name comes first, the username beside it. */
function senderText(message: LatestMessage): string {
  const name = participantName(message.sender);
  return name === message.senderUsername ? name : t.senderWithUsername(name, message.senderUsername);
}

/** 'Neusten Nachrichten' (spec section 2): sender and text of the newest messages by the time sent, the unread ones in bold; a click opens the chat. */
export function LatestMessages() {
  const { user } = useSession();
  const username = user?.username ?? '';
  const { openModal } = useModal();
  const query = useQuery({ queryKey: chatKeys.newest(username), queryFn: () => fetchNewest(username), enabled: username !== '' });

  if (query.isPending) return <Spinner label={t.loading} />;
  if (query.isError) return <FormError>{t.loadFailed}</FormError>;
  if (query.data.length === 0) return <p className="text-sm text-muted-foreground">{de.dashboard.noMessages}</p>;
  return (
    <ul className="flex flex-col gap-1">
      {query.data.map((message) => (
        <li key={message.id}>
          <button
            type="button"
            onClick={() => openModal('ChatDialog', { chatId: message.chatId })}
            className="flex w-full flex-col rounded-md px-2 py-1.5 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex items-center gap-2 text-sm">
              <span className={cn('min-w-0 flex-1 truncate', !message.isRead && 'font-semibold')}>
                {senderText(message)}
                {!message.isRead ? <span className="sr-only"> ({t.unread(1)})</span> : null}
              </span>
              <time dateTime={message.sentAt} className="shrink-0 text-xs text-muted-foreground">
                {messageTimeText(message.sentAt)}
              </time>
            </span>
            <span className="line-clamp-2 whitespace-pre-wrap text-sm text-muted-foreground [overflow-wrap:anywhere]">{message.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
