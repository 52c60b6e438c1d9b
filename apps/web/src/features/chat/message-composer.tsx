import { useEffect, useId, type KeyboardEvent } from 'react';
import { useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import { Send } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { errorContexts } from '../../lib/error-contexts';
import { useServerForm } from '../../platform/actions/use-server-form';
import { readChatDraft, saveChatDraft } from '../../lib/chat-drafts';
import { de } from '../../i18n/de';
import { chatErrorText } from './chat-errors';

const t = de.chat;

interface MessageComposerProps {
  /** Whose draft of which chat the text is. */
  username: string;
  chatId: number;
  onSend(text: string): Promise<void>;
  disabled?: boolean;
}

/** The rule's code (zod and the domain's schema) loads with the first keystroke or send, not with the chat. */
const loadRules = () => import('./message-rules');

/** The server's rule for a message; blank never gets here. */
const messageResolver: Resolver<{ message: string }, unknown, { message: string }> = async (values): Promise<ResolverResult<{ message: string }>> => {
  // Without the rule's code (a new version replaced it) the server checks the message and says why it refuses.
  const check = await loadRules().then(({ checkMessage }) => checkMessage(values.message), () => ({ kind: 'ok' }) as const);
  if (check.kind === 'invalid') return { values: {}, errors: { message: { type: 'validate', message: check.text } } };
  return { values, errors: {} };
};

/**
 * Enter sends, Shift+Enter adds a line; blank text sends nothing; a failed send keeps the text.
 * Text not sent stays as the chat's draft when the chat closes and is back when it opens again.
 */
export function MessageComposer({ username, chatId, onSend, disabled }: MessageComposerProps) {
  const id = useId();
  const { form, onSubmit, busy, error, showError, clearError } = useServerForm({
    resolver: messageResolver,
    defaultValues: { message: readChatDraft(username, chatId) },
    submit: async ({ message }) => {
      // The field is free for the next message at once; a failed send puts the text back.
      form.setValue('message', '');
      try {
        await onSend(message);
      } catch (failure) {
        if (form.getValues('message') === '') form.setValue('message', message);
        throw failure;
      }
    },
    issueFields: false,
    onError: (failure) => {
      console.warn('Chat: Senden fehlgeschlagen', failure);
      showError(chatErrorText(failure, errorContexts.sendMessage));
    },
  });
  const text = useWatch({ control: form.control, name: 'message' });
  useEffect(() => saveChatDraft(username, chatId, text), [username, chatId, text]);
  // A message too long is said under the form, like a failed send.
  const invalid = form.formState.errors.message?.message;

  const submit = () => {
    // Blank text sends nothing and says nothing (spec section 5).
    if (busy || text.trim() === '') return;
    void onSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="flex flex-col gap-1 border-t border-border pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t.message}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          rows={2}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          {...form.register('message', {
            onChange: () => {
              clearError();
              form.clearErrors('message');
              void loadRules().catch(() => undefined);
            },
          })}
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
      <FormError>{invalid ?? error}</FormError>
    </form>
  );
}
