import { useId } from 'react';
import { FormActions } from '../../components/ui/form-actions';
import { RequiredLegend } from '../../components/ui/form-field';
import { TextField } from '../../components/ui/text-field';
import { PersonFields } from '../../components/person-fields';
import { houseNumberInputProps } from '../../lib/house-number';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from '../../platform/actions/use-server-form';
import type { ModalBodyProps } from '../../platform/modals/modal-types';
import { de } from '../../i18n/de';
import { useSession } from '../../platform/session/session-context';
import { useNotify } from '../../platform/feedback/feedback-context';
import { useUnsavedChangesGuard } from '../../platform/unsaved-changes/unsaved-changes-context';
import { customerFormSchema, emptyCustomerForm } from './customer-form';
import { createCustomer } from './customers-api';
import { customerKeys } from '../../lib/query-keys';

const t = de.customers.create;
const resolver = schemaResolver(customerFormSchema);

/** 'Neuen Benutzer erstellen': an architect invites a customer, who gets the registration link by mail. */
export function CreateCustomerModal({ close }: ModalBodyProps) {
  const ids = useId();
  const { user } = useSession();
  const notify = useNotify();
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver,
    defaultValues: emptyCustomerForm,
    submit: (request) => createCustomer({ ...request, creationName: user?.username ?? '' }),
    errors: errorContexts.createCustomer,
    invalidates: [customerKeys.all],
    onSuccess: () => {
      notify(de.toast.customerCreated);
      close();
    },
  });
  useUnsavedChangesGuard(form.formState.isDirty);

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <RequiredLegend />
      <PersonFields idPrefix={ids} labels={t} field={field} nameRequired />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">{t.address}</legend>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField id={`${ids}-street`} label={t.street} autoComplete="off" {...field('address.street')} />
          <TextField id={`${ids}-number`} label={t.number} {...houseNumberInputProps} autoComplete="off" {...field('address.number')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
          <TextField id={`${ids}-postal-code`} label={t.postalCode} autoComplete="off" {...field('address.postalCode')} />
          <TextField id={`${ids}-city`} label={t.city} autoComplete="off" {...field('address.city')} />
        </div>
        <TextField id={`${ids}-country`} label={t.country} autoComplete="off" {...field('address.country')} />
      </fieldset>
      <FormActions submitLabel={t.submit} busy={busy} error={error} />
    </form>
  );
}
