import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { withServerDetail } from '../../lib/error-message';
import { de } from '../../i18n/de';
import { useSession } from '../auth/session-context';
import { customerKeys, fetchCustomers } from '../customers/customers-api';
import type { ModalBodyProps } from '../modals/modal-types';
import { ProjectAddressFields, ProjectDescriptionField, ProjectNameField } from './project-fields';
import { emptyProjectForm, toProjectRequest, type ProjectFormValues } from './project-form';
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
  // Loaded on opening: the modal remounts each time, and a fresh list includes a just-created customer.
  const customers = useQuery({ queryKey: customerKeys.list(username), queryFn: () => fetchCustomers(username), enabled: user !== null, staleTime: 0 });
  const [error, setError] = useState('');
  const form = useForm<ProjectFormValues>({ defaultValues: emptyProjectForm });
  const { errors, isSubmitting } = form.formState;
  const selectId = `${ids}-customer`;

  const onSubmit = form.handleSubmit(async (values) => {
    setError('');
    try {
      await createProject({ ...toProjectRequest(values), assignedUser: values.assignedUser || null, creationName: username });
    } catch (failure) {
      setError(withServerDetail(t.failed, failure));
      return;
    }
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    close();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <ProjectNameField idPrefix={ids} register={form.register} errors={errors} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={selectId}>{t.assignedUser}</Label>
        <NativeSelect id={selectId} disabled={customers.isPending && user !== null} aria-busy={customers.isFetching || undefined} {...form.register('assignedUser')}>
          <option value="">{t.noCustomer}</option>
          {(customers.data ?? []).map((customer) => (
            <option key={customer.username} value={customer.username}>
              {customerLabel(customer)}
            </option>
          ))}
        </NativeSelect>
        {customers.isError ? <p className="text-sm text-destructive">{t.customersLoadFailed}</p> : null}
      </div>
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
