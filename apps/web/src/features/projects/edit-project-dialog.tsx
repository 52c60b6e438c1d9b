import { useCallback, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@bauakte/domain';
import { Button } from '../../components/ui/button';
import { RequiredLegend } from '../../components/ui/form-field';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/form-error';
import { errorText, showFieldIssues } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { de } from '../../i18n/de';
import { useNotify } from '../feedback/feedback-context';
import { GuardedDialog, useDismissDialog } from '../unsaved-changes/guarded-dialog';
import { useUnsavedChangesGuard } from '../unsaved-changes/unsaved-changes-context';
import { ProjectAddressFields, ProjectDescriptionField, ProjectNameField } from './project-fields';
import { projectFormResolver, projectFormValues } from './project-form';
import { projectKeys, updateProject } from './projects-api';

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
  const [error, setError] = useState('');
  const form = useForm({ resolver: projectFormResolver, defaultValues: projectFormValues(project) });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty);
  const dismiss = useDismissDialog();

  // The customer is assigned when the project is created; editing sends only what the call takes.
  const onSubmit = form.handleSubmit(async ({ name, description, address }) => {
    setError('');
    try {
      const saved = await updateProject(String(project.id), { name, description, address });
      queryClient.setQueryData(projectKeys.detail(String(project.id)), saved);
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      notify(de.toast.projectSaved);
      onDone();
    } catch (failure) {
      const fieldIssuesShown = showFieldIssues(failure, form);
      setError(errorText(failure, errorContexts.editProject, { fieldIssuesShown }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <RequiredLegend />
      <ProjectNameField idPrefix={ids} register={form.register} errors={errors} />
      <ProjectDescriptionField idPrefix={ids} register={form.register} errors={errors} />
      <ProjectAddressFields idPrefix={ids} register={form.register} errors={errors} />
      <FormError>{error}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={dismiss}>
          {de.common.cancel}
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {de.common.save}
        </Button>
      </DialogFooter>
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
