import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { errorContexts } from '../../lib/error-contexts';
import { readChatDraft, saveChatDraft } from '../../lib/chat-drafts';
import { de } from '../../i18n/de';
import { chatErrorText, checkMessage } from './chat-errors';

const t = de.chat;

interface MessageComposerProps {
  /** Whose draft of which chat the text is. */
  username: string;
  chatId: number;
  onSend(text: string): Promise<void>;
  disabled?: boolean;
}

/**
 * Enter sends, Shift+Enter adds a line; blank text sends nothing; a failed send keeps the text.
 * Text not sent stays as the chat's draft when the chat closes and is back when it opens again.
 */
export function MessageComposer({ username, chatId, onSend, disabled }: MessageComposerProps) {
  const id = useId();
  const [text, setText] = useState(() => readChatDraft(username, chatId));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => saveChatDraft(username, chatId, text), [username, chatId, text]);

  const submit = async () => {
    const check = checkMessage(text);
    if (busy || check.kind === 'blank') return;
    if (check.kind === 'invalid') {
      setError(check.text);
      return;
    }
    const sent = text;
    setBusy(true);
    setError('');
    setText('');
    try {
      await onSend(sent);
    } catch (failure) {
      console.warn('Chat: Senden fehlgeschlagen', failure);
      setText((current) => (current === '' ? sent : current));
      setError(chatErrorText(failure, errorContexts.sendMessage));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className="flex flex-col gap-1 border-t border-border pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t.message}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          rows={2}
          value={text}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            setError('');
          }}
          onKeyDown={onKeyDown}
          className="min-h-12 min-w-0 flex-1 resize-y rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
        />
        <Button type="submit" disabled={disabled || text.trim() === ''} busy={busy} aria-label={t.send}>
          <Send aria-hidden />
          <span className="hidden sm:inline">{busy ? t.sending : t.send}</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t.messageHint}
      </p>
      <FormError>{error}</FormError>
    </form>
  );
}
