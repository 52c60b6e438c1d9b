import { useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, distinctName, participantName } from '@bauakte/domain/labels';
import { chatMessageTextSchema, requestObject, singleLineString } from '@bauakte/domain/schemas';
import { FormActions } from '../../components/ui/form-actions';
import { RequiredLegend } from '../../components/ui/form-field';
import { FormError } from '../../components/ui/form-error';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TextAreaField } from '../../components/ui/text-area-field';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import { useLoadMore } from '../../lib/use-load-more';
import type { ModalBodyProps } from '../../platform/modals/modal-types';
import { useModal } from '../../platform/modals/modal-context';
import { de } from '../../i18n/de';
import { useSession } from '../../platform/session/session-context';
import { fetchPartners, postNewChat } from './chat-api';
import { chatKeys } from '../../lib/query-keys';
import { chatErrorText } from './chat-errors';
import { receiveMessage } from '../../platform/live/live-chat-provider';

const t = de.chat.newChat;

/** The receiver is chosen only where there is a choice; the message by the server's own rule. */
function newChatResolver(choosesReceiver: boolean) {
  return schemaResolver(
    requestObject({
      receiver: choosesReceiver ? singleLineString().min(1, t.chooseReceiver) : singleLineString(),
      message: chatMessageTextSchema,
    }),
  );
}

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
  const list = partners.data ?? [];
  const onlyOne = !choosesCustomer && list.length === 1 ? list[0] : undefined;
  const resolver = useMemo(() => newChatResolver(onlyOne === undefined), [onlyOne]);
  const { form, onSubmit, busy, error, showError, field } = useServerForm({
    resolver,
    defaultValues: { receiver: '', message: '' },
    submit: ({ receiver, message }) => postNewChat({ message, senderUsername: username, receiverUsername: onlyOne?.username ?? receiver }),
    issueFields: false,
    onSuccess: (created) => {
      void receiveMessage(queryClient, username, created.message);
      openModal('ChatDialog', { chatId: created.chatId });
    },
    onError: (failure) => {
      console.warn('Chat: Start fehlgeschlagen', failure);
      showError(chatErrorText(failure, errorContexts.startChat));
    },
  });
  const message = useWatch({ control: form.control, name: 'message' });

  if (partners.isPending) return <Spinner label={de.common.loading} />;
  if (partners.isError) return <FormError>{de.chat.loadFailed}</FormError>;

  return (
    <form className="flex w-full max-w-2xl flex-col gap-4" noValidate onSubmit={onSubmit}>
      <RequiredLegend />
      {list.length === 0 ? <p className="text-sm text-muted-foreground">{t.noPartners}</p> : null}
      {onlyOne ? <p className="text-sm font-medium">{t.to(participantName(onlyOne))}</p> : null}
      {list.length > 0 && !onlyOne ? (
        <SelectField
          id={`${ids}-receiver`}
          label={choosesCustomer ? t.customer : t.architect}
          placeholder={t.choose}
          required
          // By name; the username only beside a name someone else in the list shares.
          options={list.map((partner) => ({ value: partner.username, label: distinctName(partner, list) }))}
          {...field('receiver')}
        />
      ) : null}
      <LoadMoreButton more={more} label={choosesCustomer ? t.moreCustomers : t.moreArchitects} />
      <TextAreaField id={`${ids}-message`} label={t.message} required rows={5} {...field('message')} />
      <FormActions
        submitLabel={busy ? t.sending : t.send}
        busy={busy}
        disabled={message.trim() === '' || list.length === 0}
        error={error}
        cancel={{ label: t.cancel, onClick: close }}
        align="end"
      />
    </form>
  );
}
