import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createPinRequestSchema, documentTypeOfFileName, type Pin } from '@bauakte/domain';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { TextAreaField } from '../../components/ui/text-area-field';
import { hasErrorCode } from '../../lib/api-errors';
import { errorContexts } from '../../lib/error-contexts';
import { schemaResolver } from '../../lib/form-messages';
import { pinKeys } from '../../lib/query-keys';
import { useServerForm } from '../../lib/use-server-form';
import { de } from '../../i18n/de';
import { useLeaveAfterAsking, useUnsavedChangesGuard } from '../unsaved-changes/unsaved-changes-context';
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
  onCancel(): void;
}

/** Photos the upload takes: JPG, JPEG and PNG (a PDF is a plan, not a photo of a spot). */
const isPhoto = (file: File) => ['JPG', 'JPEG', 'PNG'].includes(documentTypeOfFileName(file.name) ?? '');

/** What is at the spot, and a photo of it if the person takes or picks one. */
export function PinForm({ projectId, fileId, target, planName, uploadPhoto, onDone, onCancel }: PinFormProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const number = target.kind === 'new' ? target.number : target.pin.number;

  const save = async ({ comment }: { comment: string }): Promise<Pin> => {
    const photoFileId = photo ? await uploadPhoto(photo, t.photoTitle(number, planName)) : target.kind === 'edit' ? target.pin.photoFileId : null;
    if (target.kind === 'new') return createPin(projectId, fileId, { page: target.page, ...target.point, comment, photoFileId });
    const { pin } = target;
    return updatePin(pin.id, { x: pin.x, y: pin.y, comment, photoFileId, version: pin.version });
  };

  const { form, onSubmit, busy, error, field } = useServerForm({
    resolver,
    defaultValues: { comment: target.kind === 'edit' ? target.pin.comment : '' },
    submit: save,
    errors: errorContexts.savePin,
    invalidates: [pinKeys.file(projectId, fileId)],
    onSuccess: (pin) => {
      release();
      onDone(pin);
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
