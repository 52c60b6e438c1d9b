import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { liveDestinations } from '@bauakte/domain/labels';
import type { ItemPhoto } from '@bauakte/domain/schemas';
import { SectionCard } from '../../../components/section-card';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { fileKeys, pinKeys } from '../../../lib/query-keys';
import { useLiveReread } from '../../../platform/live/use-live-reread';
import { de } from '../../../i18n/de';
import { fetchItemPhotos } from './pins-api';
import { withItemLink } from './item-link';

const t = de.itemPhotos;
/** The card stays small: the first photos, the rest on request. */
const shownAtFirst = 8;

/** The photo's number among its item's (or reply's) photos, and how many there are: its accessible name. */
function labelsOf(photos: readonly ItemPhoto[]): string[] {
  const owner = (photo: ItemPhoto) => (photo.replyId === null ? `pin-${photo.pinId}` : `reply-${photo.replyId}`);
  const counts = new Map<string, number>();
  for (const photo of photos) counts.set(owner(photo), (counts.get(owner(photo)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return photos.map((photo) => {
    const index = (seen.get(owner(photo)) ?? 0) + 1;
    seen.set(owner(photo), index);
    const count = counts.get(owner(photo)) ?? 1;
    return photo.replyId === null ? de.pins.photoOf(photo.pinNumber, index, count) : `${de.pins.photoOf(photo.pinNumber, index, count)} (${de.pins.reply})`;
  });
}

/**
 * 'Fotos': the photos of the project's open items (pins and their replies), each with the item it
 * belongs to; a tap on the item opens the plan in the viewer at it, as 'Offene Punkte' does. The
 * card is left out while the project has none.
 */
export function ItemPhotosCard({ projectId, className }: { projectId: string; className?: string }) {
  const [, setParams] = useSearchParams();
  const [all, setAll] = useState(false);
  // A change of the project's items may bring photos, which also leave the plans list.
  useLiveReread(liveDestinations.projectPins(Number(projectId)), [pinKeys.photos(projectId), fileKeys.list(projectId)]);
  const photos = useQuery({ queryKey: pinKeys.photos(projectId), queryFn: () => fetchItemPhotos(projectId) });
  const list = photos.data ?? [];
  if (photos.isError) return <FormError>{t.loadFailed}</FormError>;
  if (list.length === 0) return null;
  const labels = labelsOf(list);
  const shown = all ? list : list.slice(0, shownAtFirst);
  const open = (photo: ItemPhoto) => setParams((current) => withItemLink(current, photo));
  return (
    <SectionCard title={t.title} className={className} action={<span className="text-sm text-muted-foreground">{t.count(list.length)}</span>}>
      <div className="flex flex-col gap-3">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t.title}>
          {shown.map((photo, index) => (
            <li key={`${photo.file.id}-${photo.replyId ?? 'pin'}-${photo.pinId}`} className="flex flex-col gap-1">
              <a href={photo.file.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded border border-border" aria-label={labels[index]}>
                {photo.file.thumbnailUrl ? (
                  <img src={photo.file.thumbnailUrl} alt={labels[index]} className="aspect-[4/3] w-full object-cover" loading="lazy" />
                ) : (
                  <span className="block p-2 text-xs break-words">{photo.file.name}</span>
                )}
              </a>
              <button
                type="button"
                className="min-h-11 text-left text-xs text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => open(photo)}
                aria-label={t.open(photo.pinNumber, photo.planName)}
              >
                {t.of(photo.pinNumber, photo.planName, photo.replyId !== null)}
              </button>
            </li>
          ))}
        </ul>
        {!all && list.length > shownAtFirst ? (
          <Button variant="outline" size="sm" className="min-h-11 self-start" onClick={() => setAll(true)}>
            {t.showAll(list.length)}
          </Button>
        ) : null}
      </div>
    </SectionCard>
  );
}
