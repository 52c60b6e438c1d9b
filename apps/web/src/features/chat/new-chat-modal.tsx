import { useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, participantName } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { RequiredLegend } from '../../components/ui/form-field';
import { FormError } from '../../components/ui/form-error';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TextAreaField } from '../../components/ui/text-area-field';
import { errorContexts } from '../../lib/error-contexts';
import { useLoadMore } from '../../lib/use-load-more';
import type { ModalBodyProps } from '../../lib/modal-types';
import { useModal } from '../../lib/modal-context';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { chatKeys, fetchPartners, postNewChat } from './chat-api';
import { chatErrorText, checkMessage } from './chat-errors';
import { receiveMessage } from './live-chat-provider';

const t = de.chat.newChat;

const messageErrorOf = (text: string) => {
  const check = checkMessage(text);
  return check.kind === 'invalid' ? check.text : '';
};

/**
 * NewChat (spec sections 2 and 5): a message is required; architects choose the customer, clients
 * write to their architect (and choose when they have several).
 */
export function NewChatModal({ close }: ModalBodyProps) {
  const ids = useId();
  const { user } = useSession();
  const username = user?.username ?? '';
  const choosesCustomer = can(user, 'manageCustomers');
  const { openModal } = useModal();
  const queryClient = useQueryClient();
  const partners = useQuery({ queryKey: chatKeys.partners, queryFn: () => fetchPartners() });
  const more = useLoadMore({ queryKey: chatKeys.partners, data: partners.data, fetchPage: fetchPartners, keyOf: (partner) => partner.username });
  const [chosen, setChosen] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [messageError, setMessageError] = useState('');
  const [receiverError, setReceiverError] = useState('');
  const receiverRef = useRef<HTMLSelectElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [busy, setBusy] = useState(false);
  const list = partners.data ?? [];
  const onlyOne = !choosesCustomer && list.length === 1 ? list[0] : undefined;
  const receiver = onlyOne?.username ?? chosen;

  const send = async () => {
    if (message.trim() === '' || busy) return;
    const invalid = messageErrorOf(message);
    setMessageError(invalid);
    setReceiverError(receiver === '' ? t.chooseReceiver : '');
    // Like the other forms: the first field in error takes the focus.
    if (receiver === '') receiverRef.current?.focus();
    else if (invalid !== '') messageRef.current?.focus();
    if (invalid !== '' || receiver === '') return;
    setBusy(true);
    setError('');
    try {
      const created = await postNewChat({ message, senderUsername: username, receiverUsername: receiver });
      void receiveMessage(queryClient, username, created.message);
      openModal('ChatDialog', { chatId: created.chatId });
    } catch (failure) {
      console.warn('Chat: Start fehlgeschlagen', failure);
      setError(chatErrorText(failure, errorContexts.startChat));
      setBusy(false);
    }
  };

  if (partners.isPending) return <Spinner label={de.common.loading} />;
  if (partners.isError) return <FormError>{de.chat.loadFailed}</FormError>;

  return (
    <form
      className="flex w-full max-w-2xl flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <RequiredLegend />
      {list.length === 0 ? <p className="text-sm text-muted-foreground">{t.noPartners}</p> : null}
      {onlyOne ? <p className="text-sm font-medium">{t.to(participantName(onlyOne))}</p> : null}
      {list.length > 0 && !onlyOne ? (
        <SelectField
          id={`${ids}-receiver`}
          label={choosesCustomer ? t.customer : t.architect}
          placeholder={t.choose}
          required
          ref={receiverRef}
          error={receiverError}
          value={chosen}
          onChange={(event) => {
            setChosen(event.target.value);
            if (event.target.value !== '') setReceiverError('');
          }}
          options={list.map((partner) => ({ value: partner.username, label: `${participantName(partner)} (${partner.username})` }))}
        />
      ) : null}
      <LoadMoreButton more={more} label={choosesCustomer ? t.moreCustomers : t.moreArchitects} />
      <TextAreaField
        id={`${ids}-message`}
        label={t.message}
        required
        ref={messageRef}
        rows={5}
        value={message}
        error={messageError}
        onChange={(event) => {
          setMessage(event.target.value);
          // Like the other forms: a shown field message follows the text as it is corrected.
          if (messageError) setMessageError(messageErrorOf(event.target.value));
        }}
      />
      <FormError>{error}</FormError>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={close}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={message.trim() === '' || list.length === 0} busy={busy}>
          {busy ? t.sending : t.send}
        </Button>
      </div>
    </form>
  );
}
