import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { participantName, sameUsername } from '@bauakte/domain/labels';
import type { Pin, ProjectFile } from '@bauakte/domain/schemas';
import { MapPin, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { StatusMessage } from '../../../components/ui/status-message';
import { dateTimeText } from '../../../lib/date-time';
import { errorContexts } from '../../../lib/error-contexts';
import { pinKeys } from '../../../lib/query-keys';
import { useServerAction } from '../../../platform/actions/use-server-action';
import { de } from '../../../i18n/de';
import { useSession } from '../../../platform/session/session-context';
import { useQueue } from '../../../platform/offline/queue-context';
import type { QueueItem, QueuePayload } from '../../../platform/offline/queue-store';
import { useNotKeptOffline } from '../../../platform/offline/kept-on-device';
import { NotKeptNotice } from '../../../platform/offline/not-kept-notice';
import { createPin, deletePin, fetchPins } from './pins-api';
import type { UploadPhoto } from './pin-form';
import { PinLayer } from './pin-layer';
import { centreOfVisiblePage, type PagePoint } from './pin-point';
import { usePins } from './use-pins';

const t = de.pins;

/** The pin's form (its schema, zod and react-hook-form) loads when a pin is placed or edited, not with the plan a link opens. */
const loadPinForm = () => import('./pin-form');
const PinForm = lazy(async () => ({ default: (await loadPinForm()).PinForm }));

/** What the pins add to the plan viewer: markers over the page and the list beside it. */
export interface PinSlots {
  pageOverlay: ReactNode;
  sidePanel: ReactNode;
}

/** A photo attached to a pin, as the project's file list knows it. */
export type PhotoOf = (fileId: number) => Pick<ProjectFile, 'name' | 'url' | 'thumbnailUrl'> | undefined;

interface PinBoardProps {
  projectId: string;
  file: ProjectFile;
  /** The page the viewer shows. */
  page: number;
  uploadPhoto: UploadPhoto;
  photoOf: PhotoOf;
  /** The plan's version before this one: its pins are offered to take over. */
  previousVersion?: { fileId: number; version: number };
  children(slots: PinSlots): ReactNode;
}

/** A pin of the previous version already taken over: one here at the same spot with the same comment. */
const takenOver = (pin: Pin, current: Pin[]) =>
  current.some((each) => each.page === pin.page && each.comment === pin.comment && Math.abs(each.x - pin.x) < 1e-6 && Math.abs(each.y - pin.y) < 1e-6);

/** The previous version's pins not yet taken over (the live channel refreshes them with the others). */
function usePreviousPins(projectId: string, previous: PinBoardProps['previousVersion'], current: Pin[]): Pin[] {
  const query = useQuery({
    queryKey: pinKeys.file(projectId, previous?.fileId ?? 0),
    queryFn: () => fetchPins(projectId, previous!.fileId),
    enabled: previous !== undefined,
  });
  return (query.data ?? []).filter((pin) => !takenOver(pin, current));
}

function PreviousPins({ version, pins, busy, onCarry }: { version: number; pins: Pin[]; busy: boolean; onCarry(pin: Pin): void }) {
  if (pins.length === 0) return null;
  return (
    <section aria-labelledby="previous-pins-heading" className="flex flex-col gap-2 border-t border-border pt-3">
      <h3 id="previous-pins-heading" className="text-sm font-semibold">
        {t.previous(version)}
      </h3>
      <p className="text-xs text-muted-foreground">{t.previousHint}</p>
      <ul className="flex flex-col gap-2">
        {pins.map((pin) => (
          <li key={pin.id} className="flex items-start justify-between gap-2 rounded-md border border-dashed border-border p-2 text-muted-foreground">
            <span className="min-w-0 text-sm">
              <span className="font-semibold">{pin.number}</span> · <span className="whitespace-pre-line break-words">{pin.comment}</span>
            </span>
            <Button size="sm" variant="outline" className="min-h-11 shrink-0" disabled={busy} aria-label={t.carryOverLabel(pin.number)} onClick={() => onCarry(pin)}>
              {t.carryOver}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

type QueuedPin = Extract<QueuePayload, { kind: 'pin' }>;

/** Pins placed on this plan without a connection, still on the device (waiting, being sent or refused). */
function useQueuedPins(projectId: string, fileId: number): { item: QueueItem; pin: QueuedPin }[] {
  const { items } = useQueue();
  return (items ?? []).flatMap((item) =>
    item.payload.kind === 'pin' && item.payload.projectId === projectId && item.payload.fileId === fileId ? [{ item, pin: item.payload }] : [],
  );
}

/** A pin waiting on the device: no number yet (the server gives it), its status instead. */
function QueuedPinEntry({ item, pin }: { item: QueueItem; pin: QueuedPin }) {
  return (
    <li className="flex items-start gap-2 rounded-md border border-dashed border-border p-2 text-muted-foreground">
      <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full border-2 border-dashed border-gray-400 text-sm font-semibold">
        …
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="whitespace-pre-line break-words text-sm">{pin.comment}</span>
        <span className="text-xs">{de.offlineQueue.status[item.status]}</span>
        {item.reason ? <span className="text-xs text-destructive break-words">{item.reason}</span> : null}
      </span>
    </li>
  );
}

/** A change made by a click: an own pin deleted, or a pin of the previous version carried over. */
type PinChange = { kind: 'delete' | 'carry'; pin: Pin };

type Editing = { kind: 'new'; point: PagePoint } | { kind: 'edit'; pin: Pin } | null;

function PinEntry({ pin, selected, own, photo, onSelect, onEdit, onDelete }: { pin: Pin; selected: boolean; own: boolean; photo: ReturnType<PhotoOf>; onSelect(): void; onEdit(): void; onDelete(): void }) {
  const author = pin.author ? participantName(pin.author) : pin.authorName;
  return (
    <li className={`flex flex-col gap-2 rounded-md border p-2 ${selected ? 'border-primary bg-accent' : 'border-border'}`}>
      <button type="button" className="flex items-start gap-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" onClick={onSelect} aria-pressed={selected}>
        <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-red-600 text-sm font-semibold text-white">
          {pin.number}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="sr-only">{t.number(pin.number)}: </span>
          <span className="whitespace-pre-line break-words text-sm">{pin.comment}</span>
          <span className="text-xs text-muted-foreground">{t.byOn(author, dateTimeText(pin.updatedAt))}</span>
        </span>
      </button>
      {photo ? (
        <a href={photo.url} target="_blank" rel="noreferrer" className="block w-32 overflow-hidden rounded border border-border" aria-label={t.photoOf(pin.number)}>
          {photo.thumbnailUrl ? <img src={photo.thumbnailUrl} alt={t.photoOf(pin.number)} className="w-full" loading="lazy" /> : <span className="p-2 text-xs">{photo.name}</span>}
        </a>
      ) : null}
      {own ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" className="min-h-11" onClick={onEdit}>
            <Pencil aria-hidden />
            {t.edit}
          </Button>
          <Button variant="outline" size="sm" className="min-h-11" onClick={onDelete}>
            <Trash2 aria-hidden />
            {t.delete}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * Pins on a plan: everyone who sees the plan sees its pins (live), places one by 'Markierung setzen'
 * and a tap on the spot (or 'Hier markieren' for the middle of the view), and changes or deletes
 * their own. The viewer lays `pageOverlay` over the page and shows `sidePanel` beside it.
 */
export function PinBoard({ projectId, file, page, uploadPhoto, photoOf, previousVersion, children }: PinBoardProps) {
  const { user } = useSession();
  const pins = usePins(projectId, file.id);
  // Offline, pins never read on this device are not there: said so, neither 'none' nor a failure.
  const notKept = useNotKeptOffline(pinKeys.file(projectId, file.id), pins);
  const layer = useRef<HTMLDivElement>(null);
  const [placing, setPlacing] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const all = pins.data ?? [];
  const queuedOnPage = useQueuedPins(projectId, file.id).filter(({ pin }) => pin.page === page);
  const previous = usePreviousPins(projectId, previousVersion, all);
  const onPage = all.filter((pin) => pin.page === page);
  const elsewhere = all.length - onPage.length;
  const nextNumber = all.reduce((highest, pin) => Math.max(highest, pin.number), 0) + 1;
  const isOwn = (pin: Pin) => Boolean(user && pin.author && sameUsername(pin.author.username, user.username));

  const place = (point: PagePoint) => {
    setPlacing(false);
    setEditing({ kind: 'new', point });
  };
  const placeInMiddle = () => {
    const box = layer.current?.getBoundingClientRect();
    const stage = layer.current?.closest('[data-plan-stage]')?.getBoundingClientRect();
    const point = box && stage ? centreOfVisiblePage(box, stage) : null;
    if (point) place(point);
  };
  // One status line and one failure line for the board's changes: the last one's outcome.
  const change = useServerAction<PinChange, string>({
    confirm: ({ kind, pin }) => (kind === 'delete' ? { title: t.confirmDelete(pin.number), confirmLabel: t.delete, destructive: true } : undefined),
    action: async ({ kind, pin }) => {
      if (kind === 'delete') return deletePin(pin.id).then(() => t.deleted(pin.number));
      const carried = await createPin(projectId, file.id, { page: pin.page, x: pin.x, y: pin.y, comment: pin.comment, photoFileId: pin.photoFileId });
      return t.carriedOver(carried.number);
    },
    // Carrying over one pin holds back the others; a deletion holds back nothing.
    itemOf: ({ kind, pin }) => (kind === 'carry' ? kind : pin.id),
    invalidates: [pinKeys.file(projectId, file.id)],
    refetchAfterFailure: true,
    status: (done) => done,
    errors: ({ kind }) => (kind === 'delete' ? errorContexts.deletePin : errorContexts.savePin),
  });

  const draft = editing?.kind === 'new' ? editing.point : null;
  const previousOnPage = previousVersion ? { version: previousVersion.version, pins: previous.filter((pin) => pin.page === page) } : undefined;
  const pageOverlay = (
    <PinLayer pins={onPage} queued={queuedOnPage.map(({ pin }) => pin)} previous={previousOnPage} draft={draft} selectedId={selectedId} onSelect={(pin) => setSelectedId(pin.id)} onPlace={placing ? place : null} layerRef={layer} />
  );

  const sidePanel = (
    <section aria-labelledby="pins-heading" className="flex flex-col gap-3 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pins-heading" className="font-semibold">
          {t.heading(all.length)}
        </h2>
        {placing ? null : (
          <Button
            size="sm"
            className="min-h-11"
            disabled={editing !== null}
            onClick={() => {
              setPlacing(true);
              void loadPinForm().catch(() => undefined);
            }}
          >
            <MapPin aria-hidden />
            {t.place}
          </Button>
        )}
      </div>
      {placing ? (
        <div className="flex flex-col gap-2 rounded-md border border-amber-500 p-2" role="status">
          <p className="text-sm">{t.placing}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" className="min-h-11" onClick={placeInMiddle}>
              {t.placeHere}
            </Button>
            <Button size="sm" variant="outline" className="min-h-11" onClick={() => setPlacing(false)}>
              {t.cancelPlacing}
            </Button>
          </div>
        </div>
      ) : null}
      {editing ? (
        <Suspense fallback={<StatusMessage>{de.common.loading}</StatusMessage>}>
          <PinForm
            key={editing.kind === 'edit' ? `edit-${editing.pin.id}` : 'new'}
            projectId={projectId}
            fileId={file.id}
            planName={file.name}
            target={editing.kind === 'new' ? { kind: 'new', page, point: editing.point, number: nextNumber } : editing}
            uploadPhoto={uploadPhoto}
            onDone={(pin) => {
              setEditing(null);
              setSelectedId(pin.id);
            }}
            onQueued={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      <FormError>{change.error || (pins.isError && !notKept ? t.loadFailed : '')}</FormError>
      <StatusMessage>{change.status}</StatusMessage>
      {notKept ? <NotKeptNotice>{t.notKeptOffline}</NotKeptNotice> : null}
      {onPage.length === 0 && queuedOnPage.length === 0 && !editing && !notKept ? <p className="text-sm text-muted-foreground">{t.none}</p> : null}
      <ul className="flex flex-col gap-2">
        {onPage.map((pin) => (
          <PinEntry
            key={pin.id}
            pin={pin}
            selected={pin.id === selectedId}
            own={isOwn(pin)}
            photo={pin.photoFileId === null ? undefined : photoOf(pin.photoFileId)}
            onSelect={() => setSelectedId(pin.id)}
            onEdit={() => setEditing({ kind: 'edit', pin })}
            onDelete={() => void change.run({ kind: 'delete', pin })}
          />
        ))}
        {queuedOnPage.map(({ item, pin }) => (
          <QueuedPinEntry key={`queued-${item.id}`} item={item} pin={pin} />
        ))}
      </ul>
      {elsewhere > 0 ? <p className="text-sm text-muted-foreground">{t.otherPages(elsewhere)}</p> : null}
      {previousVersion ? <PreviousPins version={previousVersion.version} pins={previous} busy={change.isBusy('carry')} onCarry={(pin) => void change.run({ kind: 'carry', pin })} /> : null}
    </section>
  );

  return children({ pageOverlay, sidePanel });
}
