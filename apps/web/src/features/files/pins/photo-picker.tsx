import { useState } from 'react';
import { X } from 'lucide-react';
import { documentTypeOfFileName, itemPhotosMax } from '@bauakte/domain/labels';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { de } from '../../../i18n/de';

const t = de.pins;

/** Photos the upload takes: JPG, JPEG and PNG (a PDF is a plan, not a photo of a spot). */
const isPhoto = (file: File) => ['JPG', 'JPEG', 'PNG'].includes(documentTypeOfFileName(file.name) ?? '');

/** A photo in the form: one the item has already (its file's id) or one chosen now, to upload on saving. */
export type ChosenPhoto = { kind: 'kept'; fileId: number; name: string } | { kind: 'new'; file: File };

const nameOf = (photo: ChosenPhoto) => (photo.kind === 'kept' ? photo.name : photo.file.name);

interface PhotoPickerProps {
  id: string;
  label: string;
  hint?: string;
  photos: readonly ChosenPhoto[];
  onChange(photos: ChosenPhoto[]): void;
  /** An error of the form about the photos (e.g. none offline), shown at the field. */
  error?: string;
}

/**
 * Several photos of a spot: each choice (on a phone, the camera) adds to the list, up to
 * itemPhotosMax; each can be taken off again before saving.
 */
export function PhotoPicker({ id, label, hint, photos, onChange, error }: PhotoPickerProps) {
  const [choiceError, setChoiceError] = useState<string>();
  const choose = (chosen: readonly File[]) => {
    setChoiceError(undefined);
    if (chosen.some((file) => !isPhoto(file))) {
      setChoiceError(de.files.badExtension);
      return;
    }
    if (photos.length + chosen.length > itemPhotosMax) {
      setChoiceError(t.tooManyPhotos(itemPhotosMax));
      return;
    }
    onChange([...photos, ...chosen.map((file): ChosenPhoto => ({ kind: 'new', file }))]);
  };
  const remove = (index: number) => {
    setChoiceError(undefined);
    onChange(photos.filter((_, at) => at !== index));
  };
  return (
    <div className="flex flex-col gap-2">
      <FormField id={id} label={label} hint={hint} error={choiceError ?? error}>
        {(control) => (
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-input file:bg-background file:px-3"
            onChange={(event) => {
              choose(Array.from(event.target.files ?? []));
              // The same photo may be chosen again after it was taken off.
              event.target.value = '';
            }}
            {...control}
          />
        )}
      </FormField>
      {photos.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={t.chosenPhotos}>
          {photos.map((photo, index) => (
            <li key={photo.kind === 'kept' ? `kept-${photo.fileId}` : `new-${index}-${photo.file.name}`} className="flex items-center justify-between gap-2 rounded border border-border px-2 text-sm">
              <span className="min-w-0 truncate">{nameOf(photo)}</span>
              <Button type="button" variant="ghost" size="sm" className="min-h-11" aria-label={t.removePhoto(index + 1, nameOf(photo))} onClick={() => remove(index)}>
                <X aria-hidden />
                {t.removePhotoShort}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The photos' file ids after the new ones are uploaded (one after another, in their order).
 * `uploaded` hears of the photos as stored, so that sending again after a refusal (a change made
 * meanwhile) does not upload them twice.
 */
export async function uploadedPhotoIds(photos: readonly ChosenPhoto[], upload: (file: File) => Promise<number>, uploaded?: (photos: ChosenPhoto[]) => void): Promise<number[]> {
  const ids: number[] = [];
  for (const photo of photos) ids.push(photo.kind === 'kept' ? photo.fileId : await upload(photo.file));
  uploaded?.(photos.map((photo, index): ChosenPhoto => (photo.kind === 'kept' ? photo : { kind: 'kept', fileId: ids[index] ?? 0, name: photo.file.name })));
  return ids;
}
