import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defaultPinKind, type PinKind } from '@bauakte/domain/labels';
import { createPinRequestSchema, type Pin } from '@bauakte/domain/schemas';
import { FormActions } from '../../../components/ui/form-actions';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { NetworkError } from '../../../lib/api';
import { hasErrorCode } from '../../../lib/api-errors';
import { errorContexts } from '../../../lib/error-contexts';
import { schemaResolver } from '../../../lib/form-messages';
import { isOnline } from '../../../lib/online-status';
import { fileKeys, pinKeys } from '../../../lib/query-keys';
import { PhotoPicker, uploadedPhotoIds, type ChosenPhoto } from './photo-picker';
import { photosOfPin, type PhotoOf } from './photo-thumbnails';
import { PinKindField } from './pin-kind-field';
import { usePinChanges, type QueuedPlacement } from './pin-offline-changes';
import { useServerForm } from '../../../platform/actions/use-server-form';
import { de } from '../../../i18n/de';
import { useNotify } from '../../../platform/feedback/feedback-context';
import { noRoomText, useQueue } from '../../../platform/offline/queue-context';
import type { QueuePayload } from '../../../platform/offline/queue-store';
import { useLeaveAfterAsking, useUnsavedChangesGuard } from '../../../platform/unsaved-changes/unsaved-changes-context';
import { createPin } from './pins-api';
import type { PagePoint } from './pin-point';

const t = de.pins;
const resolver = schemaResolver(createPinRequestSchema.pick({ comment: true, kind: true }));

/** Stores a photo of the spot as a file of the project; answers its id. */
export type UploadPhoto = (photo: File, title: string) => Promise<number>;



interface PinFormProps {
  projectId: string;
  fileId: number;
  /** A new pin at this point of this page, a change of this pin, or of one placed offline and not yet sent. */
  target: { kind: 'new'; page: number; point: PagePoint; number: number } | { kind: 'edit'; pin: Pin } | { kind: 'queued'; id: number; placement: QueuedPlacement; number: number };
  planName: string;
  uploadPhoto: UploadPhoto;
  /** The pin's photos as the project's photos know them: their titles, in the list of its photos while changing it. */
  photoOf?: PhotoOf;
  onDone(pin: Pin): void;
  /** A new pin placed without a connection waits on the device: the form is done with it. */
  onQueued(): void;
  onCancel(): void;
}

/** Saved on the server, kept on the device until online, or not kept (no room on the device, too many photos). */
type SaveOutcome = { kind: 'saved'; pin: Pin } | { kind: 'queued' } | { kind: 'noRoom'; text: string };

const keptPhotos = (pin: Pin, photoOf: PhotoOf | undefined): ChosenPhoto[] =>
  photosOfPin(pin).map((fileId, index, all) => ({ kind: 'kept', fileId, name: photoOf?.(fileId)?.name ?? t.photoOf(pin.number, index + 1, all.length) }));

/** What is at the spot, and photos of it if the person takes or picks some. */
export function PinForm({ projectId, fileId, target, planName, uploadPhoto, photoOf, onDone, onQueued, onCancel }: PinFormProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const queue = useQueue();
  const changes = usePinChanges(projectId, fileId, planName);
  const [photos, setPhotos] = useState<ChosenPhoto[]>(() => (target.kind === 'edit' ? keptPhotos(target.pin, photoOf) : []));
  const [photosChanged, setPhotosChanged] = useState(false);
  const number = target.kind === 'edit' ? target.pin.number : target.number;
  const photoTitle = t.photoTitle(number, planName);

  const upload = (file: File) => uploadPhoto(file, photoTitle);
  // Without a connection a new pin waits on the device (one photo within the queue's bounds) and is sent once online.
  const keepOnDevice = async (payload: QueuePayload): Promise<SaveOutcome> => {
    try {
      await queue.enqueue(payload);
    } catch (failure) {
      const text = noRoomText(failure);
      if (text) return { kind: 'noRoom', text };
      throw failure;
    }
    return { kind: 'queued' };
  };

  const placeNew = async (comment: string, kind: PinKind, spot: { page: number; point: PagePoint }): Promise<SaveOutcome> => {
    const pin = { page: spot.page, ...spot.point, comment };
    const first = photos[0]?.kind === 'new' ? photos[0].file : null;
    // A photo already uploaded before the connection went is not kept twice: the pin keeps its id.
    const keep = (photoFileId: number | null): Promise<SaveOutcome> =>
      photos.length > 1
        ? Promise.resolve({ kind: 'noRoom', text: t.onePhotoOffline })
        : keepOnDevice({ kind: 'pin', projectId, fileId, planName, ...pin, itemKind: kind, photo: first && photoFileId === null ? { file: first, name: first.name, title: photoTitle } : null, photoFileId });
    if (queue.available && !isOnline()) return keep(null);
    const uploaded: number[] = [];
    try {
      uploaded.push(...(await uploadedPhotoIds(photos, upload, setPhotos)));
      return { kind: 'saved', pin: await createPin(projectId, fileId, { ...pin, photoFileIds: uploaded, kind }) };
    } catch (failure) {
      if (failure instanceof NetworkError && queue.available) return keep(uploaded[0] ?? null);
      throw failure;
    }
  };

  // A pin placed offline and not yet sent: its placement takes the new comment, kind and (one) photo.
  const changeQueued = async (comment: string, kind: PinKind, { id, placement }: { id: number; placement: QueuedPlacement }): Promise<SaveOutcome> => {
    if (photos.length > 1) return { kind: 'noRoom', text: t.onePhotoOffline };
    const first = photos[0]?.kind === 'new' ? photos[0].file : null;
    const newPhoto = photosChanged ? { photo: first ? { file: first, name: first.name, title: photoTitle } : null, photoFileId: null } : {};
    await queue.replace?.(id, { ...placement, comment, itemKind: kind, ...newPhoto });
    return { kind: 'queued' };
  };

  const save = async ({ comment, kind }: { comment: string; kind: PinKind }): Promise<SaveOutcome> => {
    if (target.kind === 'new') return placeNew(comment, kind, target);
    if (target.kind === 'queued') return changeQueued(comment, kind, target);
    const { pin } = target;
    const change = { x: pin.x, y: pin.y, comment };
    // Kept offline a change goes without new photos: a photo is a file of its own, uploaded online.
    if (photosChanged && changes.mustQueue(pin)) return { kind: 'noRoom', text: t.photoNeedsConnection };
    const photoFileIds = photosChanged ? await uploadedPhotoIds(photos, upload, setPhotos) : undefined;
    const outcome = await changes.save(pin, change, photoFileIds === undefined ? undefined : { photoFileId: photoFileIds[0] ?? null, photoFileIds });
    return outcome.kind === 'saved' ? outcome : { kind: 'queued' };
  };

  const { form, onSubmit, busy, error, showError, field } = useServerForm({
    resolver,
    defaultValues: {
      comment: target.kind === 'edit' ? target.pin.comment : target.kind === 'queued' ? target.placement.comment : '',
      kind: target.kind === 'edit' ? target.pin.kind : target.kind === 'queued' ? (target.placement.itemKind ?? defaultPinKind) : defaultPinKind,
    },
    submit: save,
    errors: errorContexts.savePin,
    invalidates: [pinKeys.file(projectId, fileId), pinKeys.photos(projectId), fileKeys.list(projectId)],
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
  const release = useUnsavedChangesGuard(form.formState.isDirty || photosChanged);
  const leaveAfterAsking = useLeaveAfterAsking();
  const cancel = () =>
    leaveAfterAsking(() => {
      release();
      onCancel();
    });

  const choosePhotos = (chosen: ChosenPhoto[]) => {
    setPhotos(chosen);
    setPhotosChanged(true);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={t.number(number)}>
      <p className="text-sm font-semibold">{t.number(number)}</p>
      <TextAreaField id={`${ids}-comment`} label={t.comment} hint={t.commentHint} required rows={3} {...field('comment')} />
      {target.kind === 'edit' ? null : <PinKindField id={`${ids}-kind`} initial={form.formState.defaultValues?.kind ?? defaultPinKind} field={field('kind')} />}
      <PhotoPicker id={`${ids}-photo`} label={t.photo} hint={t.photoHint} photos={photos} onChange={choosePhotos} />
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
