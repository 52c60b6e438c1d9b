import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { RequiredLegend } from '../../components/ui/form-field';
import { FormError } from '../../components/ui/form-error';
import { SelectField } from '../../components/ui/select-field';
import { errorText, showFieldIssues } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import type { ModalBodyProps } from '../../lib/modal-types';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { useNotify } from '../feedback/feedback-context';
import { customerKeys, fetchAllCustomers } from '../customers/customers-api';
import { useUnsavedChangesGuard } from '../unsaved-changes/unsaved-changes-context';
import { ProjectAddressFields, ProjectDescriptionField, ProjectNameField } from './project-fields';
import { emptyProjectForm, projectFormResolver } from './project-form';
import { createProject, projectKeys } from './projects-api';

const t = de.projects.create;

function customerLabel(customer: Customer): string {
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  return name ? `${name} (${customer.username})` : customer.username;
}

/** 'Neues Projekt erstellen': a project of the caller, optionally assigned to one of their customers. */
export function CreateProjectModal({ close }: ModalBodyProps) {
  const ids = useId();
  const { user } = useSession();
  const username = user?.username ?? '';
  const queryClient = useQueryClient();
  const notify = useNotify();
  // Loaded on opening: the modal remounts each time, and a fresh list includes a just-created customer.
  const customers = useQuery({ queryKey: customerKeys.everyone(username), queryFn: () => fetchAllCustomers(username), enabled: user !== null, staleTime: 0 });
  const [error, setError] = useState('');
  const form = useForm({ resolver: projectFormResolver, defaultValues: emptyProjectForm });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty);

  const onSubmit = form.handleSubmit(async ({ name, assignedUser, description, address }) => {
    setError('');
    try {
      await createProject({ name, assignedUser, creationName: username, description, address });
    } catch (failure) {
      const fieldIssuesShown = showFieldIssues(failure, form);
      setError(errorText(failure, errorContexts.createProject, { fieldIssuesShown }));
      return;
    }
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    notify(de.toast.projectCreated);
    close();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <RequiredLegend />
      <ProjectNameField idPrefix={ids} register={form.register} errors={errors} />
      <SelectField
        id={`${ids}-customer`}
        label={t.assignedUser}
        placeholder={t.noCustomer}
        options={(customers.data ?? []).map((customer) => ({ value: customer.username, label: customerLabel(customer) }))}
        disabled={customers.isPending && user !== null}
        aria-busy={customers.isFetching || undefined}
        hint={customers.isError ? <span className="text-destructive">{t.customersLoadFailed}</span> : undefined}
        error={errors.assignedUser?.message}
        {...form.register('assignedUser')}
      />
      <ProjectDescriptionField idPrefix={ids} register={form.register} errors={errors} />
      <ProjectAddressFields idPrefix={ids} register={form.register} errors={errors} />
      <FormError>{error}</FormError>
      <div>
        <Button type="submit" busy={isSubmitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
