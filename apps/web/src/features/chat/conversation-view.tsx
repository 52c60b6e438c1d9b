import { useEffect, useRef } from 'react';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { participantName } from '@bauakte/domain/labels';
import type { ChatConversation } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { scrollRegionFocusRing } from '../../components/ui/scroll-region';
import { cn } from '../../lib/cn';
import { messageTimeText } from '../../lib/date-time';
import { de } from '../../i18n/de';
import { MessagesSkeleton } from './chat-skeletons';
import { OnlineDot } from './conversation-list';
import { MessageComposer } from './message-composer';
import { MessageText } from './message-text';
import type { EarlierMessages } from './use-earlier-messages';
import { useQueue } from '../../platform/offline/queue-context';

const t = de.chat;

/** Spec section 5: the view scrolls to the newest message 100 ms after one is added. */
export const scrollDelayMs = 100;

interface ConversationViewProps {
  conversation: ChatConversation;
  username: string;
  online: boolean;
  live: boolean;
  /** The conversation's latest messages are still on their way: their place is held. */
  messagesLoading: boolean;
  mayDelete: boolean;
  earlier: EarlierMessages;
  onSend(text: string): Promise<void>;
  onDelete(): void;
  onBack(): void;
}

/** Right: the messages of one conversation (own ones on the right), as plain text with their line breaks and their web addresses as links. */
export function ConversationView({ conversation, username, online, live, messagesLoading, mayDelete, earlier, onSend, onDelete, onBack }: ConversationViewProps) {
  const name = participantName(conversation.participant);
  const bottom = useRef<HTMLDivElement>(null);
  // A new message scrolls to the bottom; earlier ones loaded above do not.
  const newestId = conversation.messages.at(-1)?.id;
  // Messages written without a connection, waiting on the device to be sent.
  const waiting = (useQueue().items ?? []).flatMap((item) => (item.payload.kind === 'chat' && item.payload.chatId === conversation.chatId ? [{ id: item.id, text: item.payload.message, refused: item.status === 'refused' ? item.reason : undefined }] : []));

  useEffect(() => {
    const timer = window.setTimeout(() => bottom.current?.scrollIntoView?.({ block: 'end' }), scrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [newestId, conversation.chatId, waiting.length]);

  return (
    <section aria-labelledby={`chat-${conversation.chatId}-title`} className="flex min-h-0 min-w-0 flex-1 flex-col gap-3">
      <header className="flex min-h-11 items-center gap-2 border-b border-border pb-2">
        <Button variant="ghost" size="icon" className="sm:hidden" aria-label={t.back} onClick={onBack}>
          <ArrowLeft aria-hidden />
        </Button>
        <OnlineDot online={online} />
        <h3 id={`chat-${conversation.chatId}-title`} className="min-w-0 flex-1 truncate font-semibold">
          {name}
        </h3>
        {/* Always in place, shown once both are online: the connection coming up moves nothing. */}
        <span className={cn('shrink-0 text-xs text-muted-foreground', !live && 'invisible')}>{t.liveOn}</span>
        {mayDelete ? (
          <Button variant="outline" size="sm" aria-label={t.deleteLabel(name)} onClick={onDelete}>
            <Trash2 aria-hidden />
            <span className="hidden sm:inline">{t.delete}</span>
          </Button>
        ) : null}
      </header>
      <div role="log" aria-live="polite" aria-label={t.messagesWith(name)} tabIndex={0} className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-1', scrollRegionFocusRing)}>
        {messagesLoading ? <MessagesSkeleton /> : null}
        <FormError>{earlier.error}</FormError>
        {earlier.available && !messagesLoading ? (
          <Button variant="outline" size="sm" className="self-center" disabled={earlier.loading} onClick={() => void earlier.load()}>
            {earlier.loading ? t.loadingEarlier : t.loadEarlier}
          </Button>
        ) : null}
        {(messagesLoading ? [] : conversation.messages).map((message) => {
          const own = message.senderUsername === username;
          return (
            // min-w-0 and overflow-wrap: anywhere let a long word or URL wrap inside the bubble instead of widening the dialog.
            <div key={message.id} className={cn('flex min-w-0 max-w-[85%] flex-col gap-0.5', own ? 'self-end items-end' : 'self-start items-start')}>
              <p className={cn('min-w-0 max-w-full whitespace-pre-wrap rounded-lg px-3 py-2 text-sm [overflow-wrap:anywhere]', own ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground')}>
                <span className="sr-only">{own ? `${t.you}: ` : `${name}: `}</span>
                <MessageText text={message.message} />
              </p>
              <time dateTime={message.sentAt} className="text-xs text-muted-foreground">
                {messageTimeText(message.sentAt)}
              </time>
            </div>
          );
        })}
        {waiting.map((message) => (
          <div key={`waiting-${message.id}`} className="flex min-w-0 max-w-[85%] flex-col items-end gap-0.5 self-end">
            <p className="min-w-0 max-w-full whitespace-pre-wrap rounded-lg border border-dashed border-primary px-3 py-2 text-sm [overflow-wrap:anywhere]">
              <span className="sr-only">{`${t.you}: `}</span>
              <MessageText text={message.text} />
            </p>
            <span className="text-xs text-muted-foreground">{message.refused ?? de.offlineQueue.status.waiting}</span>
          </div>
        ))}
        <div ref={bottom} />
      </div>
      {/* A composer per chat: each keeps its own draft. */}
      <MessageComposer key={conversation.chatId} username={username} chatId={conversation.chatId} onSend={onSend} />
    </section>
  );
}
