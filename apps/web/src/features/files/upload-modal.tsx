import { useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { RequiredLegend } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { StatusMessage } from '../../components/ui/status-message';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { errorContexts } from '../../lib/error-contexts';
import { useServerForm } from '../../platform/actions/use-server-form';
import type { ModalBodyProps } from '../../platform/modals/modal-types';
import { de } from '../../i18n/de';
import { useNotify, useWithdrawNotice } from '../../platform/feedback/feedback-context';
import { useDismissDialog } from '../../platform/unsaved-changes/guarded-dialog';
import { useUnsavedChangesGuard } from '../../platform/unsaved-changes/unsaved-changes-context';
import { useSelectedProjectId } from '../../platform/project/project-selection';
import { DropZone } from './drop-zone';
import { fileKeys, projectKeys } from '../../lib/query-keys';
import { newVersionOf } from './new-version-props';
import { emptyUploadForm, fileChoiceProblem, isIncomplete, titleAfterChoice, uploadFormResolver, type UploadFormOutput } from './upload-form';
import { UploadProgress } from './upload-progress';
import { UploadCancelledError, type UploadRequest } from '../../platform/uploads/upload-request';
import { NetworkError } from '../../lib/api';
import { isOnline } from '../../lib/online-status';
import { noRoomText, useQueue } from '../../platform/offline/queue-context';
import { useUpload } from './use-upload';

const t = de.files;

/** Spec section 9: the modal closes 300 ms after a successful upload. */
export const uploadCloseDelayMs = 300;

type UploadOutcome = { kind: 'uploaded'; projectId: string } | { kind: 'cancelled' } | { kind: 'incomplete' } | { kind: 'queued' } | { kind: 'noRoom'; text: string };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * 'Plan hochladen' (spec sections 2, 4, 5): one file by drop or picker, a title and an optional
 * comment, sent to the project held in the session with a progress bar; Abbrechen cancels a
 * running transfer. On success the project's file list reloads and the modal closes. Opened with a
 * plan's props (newVersionProps), it uploads that plan's next version.
 */
export function UploadModal({ close, props }: ModalBodyProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const withdrawNotice = useWithdrawNotice();
  const projectId = useSelectedProjectId();
  // Opened for a plan's next version: the title starts as the current version's, the comment empty.
  const [plan] = useState(() => newVersionOf(props));
  const upload = useUpload();
  const queue = useQueue();
  // Without a connection the file waits on the device (within the queue's bounds) and is sent once online.
  const keepOnDevice = async (request: UploadRequest): Promise<UploadOutcome> => {
    const { file, ...fields } = request;
    try {
      await queue.enqueue({ kind: 'upload', ...fields, file, originalName: file.name });
    } catch (failure) {
      const text = noRoomText(failure);
      if (text) return { kind: 'noRoom', text };
      throw failure;
    }
    return { kind: 'queued' };
  };
  // A cancelled upload is news, not success: the note says so in the text's ordinary colour.
  const [note, setNote] = useState<{ text: string; cancelled: boolean } | null>(null);
  const { form, onSubmit, busy, error, showError, clearError, field } = useServerForm({
    resolver: uploadFormResolver,
    defaultValues: plan ? { ...emptyUploadForm, fileName: plan.title } : emptyUploadForm,
    submit: async (values: UploadFormOutput): Promise<UploadOutcome> => {
      setNote(null);
      if (projectId === null) return { kind: 'incomplete' };
      const request: UploadRequest = { projectId, ...values, ...(plan ? { replaces: plan.replaces } : {}) };
      if (queue.available && !isOnline()) return keepOnDevice(request);
      try {
        await upload.start(request);
      } catch (failure) {
        if (failure instanceof UploadCancelledError) return { kind: 'cancelled' };
        if (failure instanceof NetworkError && queue.available) return keepOnDevice(request);
        throw failure;
      }
      return { kind: 'uploaded', projectId };
    },
    errors: errorContexts.upload,
    onSuccess: async (outcome): Promise<void> => {
      if (outcome.kind === 'incomplete') {
        showError(t.incomplete);
        return;
      }
      if (outcome.kind === 'cancelled') {
        setNote({ text: t.modal.cancelled, cancelled: true });
        return;
      }
      if (outcome.kind === 'noRoom') {
        showError(outcome.text);
        return;
      }
      if (outcome.kind === 'queued') {
        setNote({ text: de.offlineQueue.savedOnDevice, cancelled: false });
        await wait(uploadCloseDelayMs);
        notify(de.offlineQueue.savedOnDevice);
        close();
        return;
      }
      setNote({ text: t.modal.succeeded, cancelled: false });
      await wait(uploadCloseDelayMs);
      // The list reloads as the modal closes, not while its note still says so.
      void queryClient.invalidateQueries({ queryKey: fileKeys.list(outcome.projectId) });
      // A new version is an entry of the 'Änderungsverlauf'.
      void queryClient.invalidateQueries({ queryKey: projectKeys.changes(outcome.projectId) });
      // The note above closes with the modal; the same sentence stays a moment longer as a toast.
      notify(t.modal.succeeded);
      close();
    },
    onInvalid: (): void => {
      setNote(null);
      if (isIncomplete(form.getValues(), projectId)) showError(t.incomplete);
    },
  });
  // The chosen file; its ref lets the form put the focus on the drop zone when the file is missing.
  const { field: fileField } = useController({ control: form.control, name: 'file' });
  const { errors, isDirty } = form.formState;
  // A chosen file, a title or a comment is work the user would lose by closing.
  useUnsavedChangesGuard(isDirty);
  const dismiss = useDismissDialog();
  // The title last taken from a file's name: while the title still reads so, the person has not typed one.
  const derivedTitle = useRef('');

  const onFiles = (files: File[]) => {
    // A new choice starts a new upload: what was said of the last one no longer holds.
    setNote(null);
    withdrawNotice(t.modal.succeeded);
    withdrawNotice(de.offlineQueue.savedOnDevice);
    clearError();
    const problem = fileChoiceProblem(files);
    const [chosen] = files;
    if (problem !== null || chosen === undefined) {
      form.setValue('file', null);
      // A refused file keeps its reason until another is chosen; an empty drop chose nothing.
      form.setValue('refusal', files.length > 0 ? problem : null);
      form.setError('file', { type: 'validate', message: problem ?? t.noFile });
      return;
    }
    // setValue, not the controller's onChange: a refused choice's message must not be revalidated away.
    form.setValue('file', chosen, { shouldDirty: true });
    form.setValue('refusal', null);
    form.clearErrors('file');
    // A title to start from, which the user may change; one they typed stays.
    const current = form.getValues('fileName');
    const title = titleAfterChoice(current, derivedTitle.current, chosen.name);
    if (title === current) return;
    derivedTitle.current = title;
    form.setValue('fileName', title, { shouldValidate: form.formState.isSubmitted });
  };

  // Abbrechen closes the modal (asking first when something is entered), or cancels a running
  // transfer; it waits only while a finished upload closes.
  const onCancel = upload.running ? upload.cancel : dismiss;

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full max-w-2xl flex-col gap-4">
      <RequiredLegend />
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
        <DropZone id={`${ids}-file`} file={fileField.value} error={errors.file?.message} disabled={busy} buttonRef={fileField.ref} onFiles={onFiles} />
        <TextField id={`${ids}-title`} label={t.modal.title} required autoComplete="off" {...field('fileName')} />
        <TextAreaField id={`${ids}-comment`} label={t.modal.comment} rows={3} {...field('comment')} />
      </fieldset>
      {upload.percent !== undefined ? <UploadProgress percent={upload.percent} /> : null}
      {/* A cancelled upload's note reads in the text's colour; FormActions' status line is for success. */}
      <StatusMessage className={note?.cancelled ? 'text-foreground' : undefined}>{note?.text}</StatusMessage>
      <FormActions
        submitLabel={busy ? t.modal.submitting : t.modal.submit}
        busy={busy}
        error={error}
        cancel={{ label: t.modal.cancel, onClick: onCancel, disabled: busy && !upload.running }}
        align="end"
      />
    </form>
  );
}
