import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { documentTypeOfFileName } from '@bauakte/domain/labels';
import { createPinRequestSchema, type Pin } from '@bauakte/domain/schemas';
import { FormActions } from '../../../components/ui/form-actions';
import { FormField } from '../../../components/ui/form-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { NetworkError } from '../../../lib/api';
import { hasErrorCode } from '../../../lib/api-errors';
import { errorContexts } from '../../../lib/error-contexts';
import { schemaResolver } from '../../../lib/form-messages';
import { isOnline } from '../../../lib/online-status';
import { pinKeys } from '../../../lib/query-keys';
import { useServerForm } from '../../../platform/actions/use-server-form';
import { de } from '../../../i18n/de';
import { useNotify } from '../../../platform/feedback/feedback-context';
import { useQueue } from '../../../platform/offline/queue-context';
import { QueueFullError, type QueuePayload } from '../../../platform/offline/queue-store';
import { useLeaveAfterAsking, useUnsavedChangesGuard } from '../../../platform/unsaved-changes/unsaved-changes-context';
import { createPin, updatePin } from './pins-api';
import type { PagePoint } from './pin-point';

const t = de.pins;
const resolver = schemaResolver(createPinRequestSchema.pick({ comment: true }));

/** Stores a photo of the spot as a file of the project; answers its id. */
export type UploadPhoto = (photo: File, title: string) => Promise<number>;

interface PinFormProps {
  projectId: string;
  fileId: number;
  /** A new pin at this point of this page, or a change of this pin. */
  target: { kind: 'new'; page: number; point: PagePoint; number: number } | { kind: 'edit'; pin: Pin };
  planName: string;
  uploadPhoto: UploadPhoto;
  onDone(pin: Pin): void;
  /** A new pin placed without a connection waits on the device: the form is done with it. */
  onQueued(): void;
  onCancel(): void;
}

/** Saved on the server, kept on the device until online, or no room on the device to keep it. */
type SaveOutcome = { kind: 'saved'; pin: Pin } | { kind: 'queued' } | { kind: 'noRoom'; text: string };

/** Photos the upload takes: JPG, JPEG and PNG (a PDF is a plan, not a photo of a spot). */
const isPhoto = (file: File) => ['JPG', 'JPEG', 'PNG'].includes(documentTypeOfFileName(file.name) ?? '');

/** What is at the spot, and a photo of it if the person takes or picks one. */
export function PinForm({ projectId, fileId, target, planName, uploadPhoto, onDone, onQueued, onCancel }: PinFormProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const queue = useQueue();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const number = target.kind === 'new' ? target.number : target.pin.number;
  const photoTitle = t.photoTitle(number, planName);

  // Without a connection a new pin waits on the device (its photo within the queue's bounds) and is sent once online.
  const keepOnDevice = async (payload: QueuePayload): Promise<SaveOutcome> => {
    try {
      await queue.enqueue(payload);
    } catch (failure) {
      if (failure instanceof QueueFullError) return { kind: 'noRoom', text: failure.reason === 'file' ? de.offlineQueue.fileTooLarge : de.offlineQueue.full };
      if (failure instanceof DOMException && failure.name === 'QuotaExceededError') return { kind: 'noRoom', text: de.offlineQueue.full };
      throw failure;
    }
    return { kind: 'queued' };
  };

  const placeNew = async (comment: string, spot: { page: number; point: PagePoint }): Promise<SaveOutcome> => {
    const pin = { page: spot.page, ...spot.point, comment };
    // A photo already uploaded before the connection went is not kept twice: the pin keeps its id.
    const keep = (photoFileId: number | null) =>
      keepOnDevice({ kind: 'pin', projectId, fileId, planName, ...pin, photo: photo && photoFileId === null ? { file: photo, name: photo.name, title: photoTitle } : null, photoFileId });
    if (queue.available && !isOnline()) return keep(null);
    let photoFileId: number | null = null;
    try {
      if (photo) photoFileId = await uploadPhoto(photo, photoTitle);
      return { kind: 'saved', pin: await createPin(projectId, fileId, { ...pin, photoFileId }) };
    } catch (failure) {
      if (failure instanceof NetworkError && queue.available) return keep(photoFileId);
      throw failure;
    }
  };

  const save = async ({ comment }: { comment: string }): Promise<SaveOutcome> => {
    if (target.kind === 'new') return placeNew(comment, target);
    const { pin } = target;
    const photoFileId = photo ? await uploadPhoto(photo, photoTitle) : pin.photoFileId;
    return { kind: 'saved', pin: await updatePin(pin.id, { x: pin.x, y: pin.y, comment, photoFileId, version: pin.version }) };
  };

  const { form, onSubmit, busy, error, showError, field } = useServerForm({
    resolver,
    defaultValues: { comment: target.kind === 'edit' ? target.pin.comment : '' },
    submit: save,
    errors: errorContexts.savePin,
    invalidates: [pinKeys.file(projectId, fileId)],
    onSuccess: (outcome) => {
      if (outcome.kind === 'noRoom') {
        showError(outcome.text);
        return;
      }
      release();
      if (outcome.kind === 'saved') {
        onDone(outcome.pin);
        return;
      }
      notify(de.offlineQueue.savedOnDevice);
      onQueued();
    },
    // Changed on another device meanwhile: the list shows the new version, the typed text stays in the field.
    onError: (failure) => {
      if (hasErrorCode(failure, 'CONFLICT')) void queryClient.invalidateQueries({ queryKey: pinKeys.file(projectId, fileId) });
    },
  });
  const release = useUnsavedChangesGuard(form.formState.isDirty || photo !== null);
  const leaveAfterAsking = useLeaveAfterAsking();
  const cancel = () =>
    leaveAfterAsking(() => {
      release();
      onCancel();
    });

  const choosePhoto = (chosen: File | undefined) => {
    setPhotoError(undefined);
    if (chosen && !isPhoto(chosen)) {
      setPhoto(null);
      setPhotoError(de.files.badExtension);
      return;
    }
    setPhoto(chosen ?? null);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={t.number(number)}>
      <p className="text-sm font-semibold">{t.number(number)}</p>
      <TextAreaField id={`${ids}-comment`} label={t.comment} hint={t.commentHint} required rows={3} {...field('comment')} />
      <FormField id={`${ids}-photo`} label={t.photo} hint={t.photoHint} error={photoError}>
        {(control) => (
          <input
            type="file"
            accept="image/jpeg,image/png"
            capture="environment"
            className="text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-input file:bg-background file:px-3"
            onChange={(event) => choosePhoto(event.target.files?.[0])}
            {...control}
          />
        )}
      </FormField>
      <FormActions
        submitLabel={target.kind === 'new' ? t.save : t.saveChange}
        busy={busy}
        error={error}
        align="end"
        cancel={{ label: t.cancel, onClick: cancel, disabled: busy }}
      />
    </form>
  );
}
