import { useCallback, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@bauakte/domain/schemas';
import { RequiredLegend } from '../../components/ui/form-field';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { errorContexts } from '../../lib/error-contexts';
import { useServerForm } from '../../platform/actions/use-server-form';
import { de } from '../../i18n/de';
import { useNotify } from '../../platform/feedback/feedback-context';
import { GuardedDialog, useDismissDialog } from '../../platform/unsaved-changes/guarded-dialog';
import { useUnsavedChangesGuard } from '../../platform/unsaved-changes/unsaved-changes-context';
import { ProjectAddressFields, ProjectDescriptionField, ProjectNameField } from './project-fields';
import { projectFormResolver, projectFormValues } from './project-form';
import { updateProject } from './projects-api';
import { projectKeys } from '../../lib/query-keys';

const t = de.projectOverview;

interface EditProjectDialogProps {
  project: Project;
  open: boolean;
  onOpenChange(open: boolean): void;
}

function EditProjectForm({ project, onDone }: { project: Project; onDone(): void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const id = String(project.id);
  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver: projectFormResolver,
    defaultValues: projectFormValues(project),
    // The customer is assigned when the project is created; editing sends only what the call takes.
    submit: ({ name, description, address }) => updateProject(id, { name, description, address }),
    errors: errorContexts.editProject,
    invalidates: [projectKeys.all],
    onSuccess: (saved) => {
      queryClient.setQueryData(projectKeys.detail(id), saved);
      notify(de.toast.projectSaved);
      onDone();
    },
  });
  useUnsavedChangesGuard(form.formState.isDirty);
  const dismiss = useDismissDialog();

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <RequiredLegend />
      <ProjectNameField idPrefix={ids} field={field} />
      <ProjectDescriptionField idPrefix={ids} field={field} />
      <ProjectAddressFields idPrefix={ids} field={field} />
      <FormActions submitLabel={de.common.save} busy={busy} error={error} cancel={{ label: de.common.cancel, onClick: dismiss }} container={DialogFooter} />
    </form>
  );
}

/** 'Projekt bearbeiten': name, description and address of the project (architects). */
export function EditProjectDialog({ project, open, onOpenChange }: EditProjectDialogProps) {
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return (
    <GuardedDialog open={open} onClose={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.edit}</DialogTitle>
          <DialogDescription>{t.editDescription}</DialogDescription>
        </DialogHeader>
        {open ? <EditProjectForm project={project} onDone={close} /> : null}
      </DialogContent>
    </GuardedDialog>
  );
}
