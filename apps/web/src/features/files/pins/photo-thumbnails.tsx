import type { Pin, PinReply, ProjectFile } from '@bauakte/domain/schemas';

/**
 * A pin's photos. Pins kept on the device from before items had several photos name only
 * photoFileId: their photo is still shown.
 */
export const photosOfPin = (pin: Pick<Pin, 'photoFileId'> & { photoFileIds?: Pin['photoFileIds'] }): number[] =>
  pin.photoFileIds ?? (pin.photoFileId === null ? [] : [pin.photoFileId]);

/** A reply's photos; none for replies kept on the device from before replies had photos. */
export const photosOfReply = (reply: { photoFileIds?: PinReply['photoFileIds'] }): number[] => reply.photoFileIds ?? [];

/** A photo of an item as the project's photos know it: its title and links. */
export type PhotoOf = (fileId: number) => Pick<ProjectFile, 'name' | 'url' | 'thumbnailUrl'> | undefined;

/**
 * An item's or a reply's photos as small thumbnails, each a link to the photo, named for screen
 * readers ('Foto 2 zu Markierung 1'); a photo the list does not know (yet) is left out.
 */
export function PhotoThumbnails({ fileIds, photoOf, labelOf }: { fileIds: readonly number[]; photoOf: PhotoOf; labelOf(index: number, count: number): string }) {
  const shown = fileIds.flatMap((fileId, index) => {
    const photo = photoOf(fileId);
    return photo ? [{ fileId, photo, label: labelOf(index + 1, fileIds.length) }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map(({ fileId, photo, label }) => (
        <li key={fileId}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block w-24 overflow-hidden rounded border border-border sm:w-32" aria-label={label}>
            {photo.thumbnailUrl ? <img src={photo.thumbnailUrl} alt={label} className="w-full" loading="lazy" /> : <span className="block p-2 text-xs break-words">{photo.name}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
