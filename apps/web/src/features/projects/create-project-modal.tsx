import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { distinctName } from '@bauakte/domain/labels';
import { FormActions } from '../../components/ui/form-actions';
import { RequiredLegend } from '../../components/ui/form-field';
import { SelectField } from '../../components/ui/select-field';
import { errorContexts } from '../../lib/error-contexts';
import type { ModalBodyProps } from '../../platform/modals/modal-types';
import { useServerForm } from '../../platform/actions/use-server-form';
import { de } from '../../i18n/de';
import { useSession } from '../../platform/session/session-context';
import { useNotify } from '../../platform/feedback/feedback-context';
import { fetchAllCustomers } from '../../lib/customer-list';
import { customerKeys } from '../../lib/query-keys';
import { useUnsavedChangesGuard } from '../../platform/unsaved-changes/unsaved-changes-context';
import { ProjectAddressFields, ProjectDescriptionField, ProjectNameField } from './project-fields';
import { emptyProjectForm, projectFormResolver } from './project-form';
import { createProject } from './projects-api';
import { projectKeys } from '../../lib/query-keys';

const t = de.projects.create;

/** 'Neues Projekt erstellen': a project of the caller, optionally assigned to one of their customers. */
export function CreateProjectModal({ close }: ModalBodyProps) {
  const ids = useId();
  const { user } = useSession();
  const username = user?.username ?? '';
  const notify = useNotify();
  // Loaded on opening: the modal remounts each time, and a fresh list includes a just-created customer.
  const customers = useQuery({ queryKey: customerKeys.everyone(username), queryFn: () => fetchAllCustomers(username), enabled: user !== null, staleTime: 0 });
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver: projectFormResolver,
    defaultValues: emptyProjectForm,
    submit: ({ name, assignedUser, description, address }) => createProject({ name, assignedUser, creationName: username, description, address }),
    errors: errorContexts.createProject,
    invalidates: [projectKeys.all],
    onSuccess: () => {
      notify(de.toast.projectCreated);
      close();
    },
  });
  useUnsavedChangesGuard(form.formState.isDirty);

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-4">
      <RequiredLegend />
      <ProjectNameField idPrefix={ids} field={field} />
      <SelectField
        id={`${ids}-customer`}
        label={t.assignedUser}
        placeholder={t.noCustomer}
        // By name; the username only beside a name another customer shares.
        options={(customers.data ?? []).map((customer, _, all) => ({ value: customer.username, label: distinctName(customer, all) }))}
        disabled={customers.isPending && user !== null}
        aria-busy={customers.isFetching || undefined}
        hint={customers.isError ? <span className="text-destructive">{t.customersLoadFailed}</span> : undefined}
        {...field('assignedUser')}
      />
      <ProjectDescriptionField idPrefix={ids} field={field} />
      <ProjectAddressFields idPrefix={ids} field={field} />
      <FormActions submitLabel={t.submit} busy={busy} error={error} />
    </form>
  );
}
