import { useId, useState } from 'react';
import { pinReplyRequestSchema, type Pin, type PinReplyRequest } from '@bauakte/domain/schemas';
import { FormActions } from '../../../components/ui/form-actions';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorContexts } from '../../../lib/error-contexts';
import { schemaResolver } from '../../../lib/form-messages';
import { fileKeys, pinKeys } from '../../../lib/query-keys';
import { useServerForm } from '../../../platform/actions/use-server-form';
import { useUnsavedChangesGuard } from '../../../platform/unsaved-changes/unsaved-changes-context';
import { de } from '../../../i18n/de';
import { replyToPin } from './pins-api';
import { NetworkError } from '../../../lib/api';
import { isOnline } from '../../../lib/online-status';
import { noRoomText, useQueue } from '../../../platform/offline/queue-context';
import { useNotify } from '../../../platform/feedback/feedback-context';
import { PhotoPicker, uploadedPhotoIds, type ChosenPhoto } from './photo-picker';
import type { UploadPhoto } from './pin-form';

const t = de.pins;
const resolver = schemaResolver(pinReplyRequestSchema.pick({ text: true }));

type ReplyText = Pick<PinReplyRequest, 'text'>;

/** Sent, kept on the device until online, or not kept (no room on the device). */
type ReplyOutcome = { kind: 'sent' } | { kind: 'queued' } | { kind: 'noRoom'; text: string };

/**
 * A reply under an item, with photos if the person adds some: sent, the field empties and the
 * conversation shows it (and the other side's viewer, live). Without a connection the reply waits on
 * the device with its photos and is sent once online, the photos uploaded first as here.
 */
export function PinReplyForm({ projectId, pin, planName = '', uploadPhoto }: { projectId: string; pin: Pin; planName?: string; uploadPhoto?: UploadPhoto }) {
  const id = useId();
  const queue = useQueue();
  const notify = useNotify();
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const photoTitle = t.replyPhotoTitle(pin.number, planName);
  // Photos are chosen only where the form can upload them.
  const upload = (file: File) => (uploadPhoto ? uploadPhoto(file, photoTitle) : Promise.reject(new Error('no photo upload here')));
  // Photos uploaded before the connection went go by their ids, the others as they are, each within the queue's bound for a file.
  const keep = async (values: ReplyText, chosen: readonly ChosenPhoto[]): Promise<ReplyOutcome> => {
    const photoFileIds = chosen.flatMap((photo) => (photo.kind === 'kept' ? [photo.fileId] : []));
    const waiting = chosen.flatMap((photo) => (photo.kind === 'new' ? [{ file: photo.file, name: photo.file.name, title: photoTitle }] : []));
    try {
      await queue.enqueue({
        kind: 'pinReply',
        projectId,
        fileId: pin.fileId,
        planName,
        pinId: pin.id,
        pinNumber: pin.number,
        text: values.text,
        ...(chosen.length > 0 ? { photos: waiting, photoFileIds } : {}),
      });
    } catch (failure) {
      const text = noRoomText(failure);
      if (text) return { kind: 'noRoom', text };
      throw failure;
    }
    return { kind: 'queued' };
  };
  const send = async (values: ReplyText): Promise<ReplyOutcome> => {
    if (queue.available && !isOnline()) return keep(values, photos);
    let chosen: readonly ChosenPhoto[] = photos;
    const uploaded = (stored: ChosenPhoto[]) => {
      chosen = stored;
      setPhotos(stored);
    };
    try {
      await replyToPin(pin.id, { text: values.text, photoFileIds: await uploadedPhotoIds(photos, upload, uploaded) });
      return { kind: 'sent' };
    } catch (failure) {
      if (failure instanceof NetworkError && queue.available) return keep(values, chosen);
      throw failure;
    }
  };
  const reply = useServerForm({
    resolver,
    defaultValues: { text: '' } satisfies ReplyText,
    submit: send,
    errors: errorContexts.sendPinReply,
    invalidates: [pinKeys.file(projectId, pin.fileId), pinKeys.photos(projectId), fileKeys.list(projectId)],
    onSuccess: (outcome): void => {
      if (outcome.kind === 'noRoom') {
        reply.showError(outcome.text);
        return;
      }
      reply.form.reset({ text: '' });
      setPhotos([]);
      if (outcome.kind === 'queued') notify(de.offlineQueue.savedOnDevice);
    },
  });
  const { form, onSubmit, busy, error, field } = reply;
  useUnsavedChangesGuard(form.formState.isDirty || photos.length > 0);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" aria-label={`${t.reply}, ${t.number(pin.number)}`}>
      <TextAreaField id={`${id}-reply`} label={t.reply} hint={t.replyHint} rows={2} {...field('text')} />
      {uploadPhoto ? <PhotoPicker id={`${id}-photos`} label={t.replyPhotos} photos={photos} onChange={setPhotos} /> : null}
      <FormActions submitLabel={t.sendReply} busy={busy} error={error} align="end" />
    </form>
  );
}
