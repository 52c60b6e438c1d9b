import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { usernameRulesText } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { TextField } from '../../components/ui/text-field';
import { houseNumberInputProps } from '../../lib/house-number';
import { errorText, showFieldIssues } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { useNotify } from '../feedback/feedback-context';
import { useUnsavedChangesGuard } from '../unsaved-changes/unsaved-changes-context';
import { customerFormSchema, emptyCustomerForm } from './customer-form';
import { createCustomer, customerKeys } from './customers-api';
import { germanResolver } from '../../lib/form-messages';
import type { ModalBodyProps } from '../../lib/modal-types';
import { RequiredLegend } from '../../components/ui/form-field';

const t = de.customers.create;

/** 'Neuen Benutzer erstellen': an architect invites a customer, who gets the registration link by mail. */
export function CreateCustomerModal({ close }: ModalBodyProps) {
  const ids = useId();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [error, setError] = useState('');
  const form = useForm({ resolver: germanResolver(zodResolver(customerFormSchema)), defaultValues: emptyCustomerForm });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty);
  const address = errors.address;

  const onSubmit = form.handleSubmit(async (request) => {
    setError('');
    try {
      await createCustomer({ ...request, creationName: user?.username ?? '' });
    } catch (failure) {
      const fieldIssuesShown = showFieldIssues(failure, form);
      setError(errorText(failure, errorContexts.createCustomer, { fieldIssuesShown }));
      return;
    }
    void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    notify(de.toast.customerCreated);
    close();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <RequiredLegend />
      <TextField
        id={`${ids}-username`}
        label={t.username}
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={usernameRulesText}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${ids}-first-name`} label={t.firstName} required autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
        <TextField id={`${ids}-last-name`} label={t.lastName} required autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <TextField id={`${ids}-email`} label={t.email} type="email" required autoComplete="off" error={errors.email?.message} {...form.register('email')} />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">{t.address}</legend>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField id={`${ids}-street`} label={t.street} autoComplete="off" error={address?.street?.message} {...form.register('address.street')} />
          <TextField
            id={`${ids}-number`}
            label={t.number}
            {...houseNumberInputProps}
            autoComplete="off"
            error={address?.number?.message}
            {...form.register('address.number')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
          <TextField id={`${ids}-postal-code`} label={t.postalCode} autoComplete="off" error={address?.postalCode?.message} {...form.register('address.postalCode')} />
          <TextField id={`${ids}-city`} label={t.city} autoComplete="off" error={address?.city?.message} {...form.register('address.city')} />
        </div>
        <TextField id={`${ids}-country`} label={t.country} autoComplete="off" error={address?.country?.message} {...form.register('address.country')} />
      </fieldset>
      <FormError>{error}</FormError>
      <div>
        <Button type="submit" busy={isSubmitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
