import { useId, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { RequiredLegend } from '../../components/ui/form-field';
import { FormError } from '../../components/ui/form-error';
import { StatusMessage } from '../../components/ui/status-message';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { errorText, showFieldIssues } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import type { ModalBodyProps } from '../../lib/modal-types';
import { de } from '../../i18n/de';
import { useNotify } from '../feedback/feedback-context';
import { useDismissDialog } from '../unsaved-changes/guarded-dialog';
import { useUnsavedChangesGuard } from '../unsaved-changes/unsaved-changes-context';
import { useSelectedProjectId } from '../projects/project-selection';
import { DropZone } from './drop-zone';
import { fileKeys } from './files-api';
import { emptyUploadForm, fileChoiceProblem, isIncomplete, titleAfterChoice, uploadFormResolver, type UploadFormOutput, type UploadFormValues } from './upload-form';
import { UploadProgress } from './upload-progress';
import { UploadCancelledError } from './upload-request';
import { useUpload } from './use-upload';

const t = de.files;

/** Spec section 9: the modal closes 300 ms after a successful upload. */
export const uploadCloseDelayMs = 300;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * 'Plan hochladen' (spec sections 2, 4, 5): one file by drop or picker, a title and an optional
 * comment, sent to the project held in the session with a progress bar; Abbrechen cancels a
 * running transfer. On success the project's file list reloads and the modal closes.
 */
export function UploadModal({ close }: ModalBodyProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const projectId = useSelectedProjectId();
  const upload = useUpload();
  const form = useForm<UploadFormValues, unknown, UploadFormOutput>({ resolver: uploadFormResolver, defaultValues: emptyUploadForm });
  // The chosen file; its ref lets the form put the focus on the drop zone when the file is missing.
  const { field: fileField } = useController({ control: form.control, name: 'file' });
  const { errors, isSubmitting, isDirty } = form.formState;
  // A chosen file, a title or a comment is work the user would lose by closing.
  useUnsavedChangesGuard(isDirty);
  const dismiss = useDismissDialog();
  const [formError, setFormError] = useState('');
  // A cancelled upload is news, not success: the note says so in the text's ordinary colour.
  const [note, setNote] = useState<{ text: string; cancelled: boolean } | null>(null);
  // The title last taken from a file's name: while the title still reads so, the person has not typed one.
  const derivedTitle = useRef('');

  const onFiles = (files: File[]) => {
    setNote(null);
    setFormError('');
    const problem = fileChoiceProblem(files);
    const [chosen] = files;
    if (problem !== null || chosen === undefined) {
      form.setValue('file', null);
      form.setError('file', { type: 'validate', message: problem ?? t.noFile });
      return;
    }
    // setValue, not the controller's onChange: a refused choice's message must not be revalidated away.
    form.setValue('file', chosen, { shouldDirty: true });
    form.clearErrors('file');
    // A title to start from, which the user may change; one they typed stays.
    const current = form.getValues('fileName');
    const title = titleAfterChoice(current, derivedTitle.current, chosen.name);
    if (title === current) return;
    derivedTitle.current = title;
    form.setValue('fileName', title, { shouldValidate: form.formState.isSubmitted });
  };

  const send = async (values: UploadFormOutput) => {
    if (projectId === null) {
      setFormError(t.incomplete);
      return;
    }
    setFormError('');
    setNote(null);
    try {
      await upload.start({ projectId, ...values });
    } catch (failure) {
      if (failure instanceof UploadCancelledError) {
        setNote({ text: t.modal.cancelled, cancelled: true });
        return;
      }
      const fieldIssuesShown = showFieldIssues(failure, form);
      setFormError(errorText(failure, errorContexts.upload, { fieldIssuesShown }));
      return;
    }
    setNote({ text: t.modal.succeeded, cancelled: false });
    await wait(uploadCloseDelayMs);
    void queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) });
    // The note above closes with the modal; the same sentence stays a moment longer as a toast.
    notify(t.modal.succeeded);
    close();
  };

  const onInvalid = () => {
    setNote(null);
    setFormError(isIncomplete(form.getValues(), projectId) ? t.incomplete : '');
  };

  // Abbrechen closes the modal (asking first when something is entered), or cancels a running
  // transfer; it waits only while a finished upload closes.
  const onCancel = upload.running ? upload.cancel : dismiss;

  return (
    <form onSubmit={form.handleSubmit(send, onInvalid)} noValidate className="flex w-full max-w-2xl flex-col gap-4">
      <RequiredLegend />
      <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-4">
        <DropZone id={`${ids}-file`} file={fileField.value} error={errors.file?.message} disabled={isSubmitting} buttonRef={fileField.ref} onFiles={onFiles} />
        <TextField id={`${ids}-title`} label={t.modal.title} required autoComplete="off" error={errors.fileName?.message} {...form.register('fileName')} />
        <TextAreaField id={`${ids}-comment`} label={t.modal.comment} rows={3} error={errors.comment?.message} {...form.register('comment')} />
      </fieldset>
      {upload.percent !== undefined ? <UploadProgress percent={upload.percent} /> : null}
      <FormError>{formError}</FormError>
      <StatusMessage className={note?.cancelled ? 'text-foreground' : undefined}>{note?.text}</StatusMessage>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={isSubmitting && !upload.running} onClick={onCancel}>
          {t.modal.cancel}
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? t.modal.submitting : t.modal.submit}
        </Button>
      </div>
    </form>
  );
}
