import { Suspense, useRef, useState, type ReactNode, type RefObject } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { can, participantName, planLinkParameters, sameUsername, todayInAustria } from '@bauakte/domain/labels';
import type { Pin, ProjectFile } from '@bauakte/domain/schemas';
import { MapPin, Move, Pencil, Trash2, UserCheck } from 'lucide-react';
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
import { carryPins, fetchPins } from './pins-api';
import { hasWaiting, usePinChanges, withPendingChange, type PendingPin, type PinChanges, type QueuedPlacement } from './pin-offline-changes';
import { PendingPinState, WaitingReplies } from './pending-pin-state';
import type { UploadPhoto } from './pin-form';
import { mayChangeStatus, PinConversation, PinItemFacts, PinStatusButtons, usePinStatusAction, type StatusChoice } from './pin-item';
import { PinLayer } from './pin-layer';
import { PhotoThumbnails, photosOfPin, type PhotoOf } from './photo-thumbnails';
import type { ServerAction } from '../../../platform/actions/use-server-action';
import { centreOfVisiblePage, type PagePoint } from './pin-point';
import { usePins } from './use-pins';

const t = de.pins;

/** The pin's form (its schema, zod and react-hook-form) loads when a pin is placed or edited, not with the plan a link opens. */
const pinForm = lazyComponent(() => import('./pin-form').then((module) => module.PinForm));
const PinForm = pinForm.Component;
/** The reply's form (its schema) loads when an item is selected. */
const PinReplyForm = lazyComponent(() => import('./pin-reply-form').then((module) => module.PinReplyForm)).Component;
const PinItemForm = lazyComponent(() => import('./pin-item-form').then((module) => module.PinItemForm)).Component;

const linkedPinId = (params: URLSearchParams): number | null => {
  const id = Number(params.get(planLinkParameters.pin));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** What the pins add to the plan viewer: markers over the page and the list beside it. */
export interface PinSlots {
  pageOverlay: ReactNode;
  sidePanel: ReactNode;
  /** A phone's sheet of pins: a peek while a spot is being chosen on the plan, open for the form. */
  sheetMode?: 'peek' | 'open';
}

export type { PhotoOf };

interface PinBoardProps {
  projectId: string;
  file: ProjectFile;
  /** The page the viewer shows. */
  page: number;
  uploadPhoto: UploadPhoto;
  photoOf: PhotoOf;
  /** The plan's version before this one: its pins are offered to take over. */
  previousVersion?: { fileId: number; version: number };
  /** An earlier version of the plan: its pins are shown, none placed, changed or deleted on it. */
  readOnly?: boolean;
  children(slots: PinSlots): ReactNode;
}

/** A pin of the previous version already taken over: one here names it as its origin (or, taken over before copies named theirs, lies at the same spot with the same comment). */
const takenOver = (pin: Pin, current: Pin[]) =>
  current.some(
    (each) => each.carriedFromPinId === pin.id || (each.page === pin.page && each.comment === pin.comment && Math.abs(each.x - pin.x) < 1e-6 && Math.abs(each.y - pin.y) < 1e-6),
  );

/** The previous version's pins not yet taken over (the live channel refreshes them with the others). */
function usePreviousPins(projectId: string, previous: PinBoardProps['previousVersion'], current: Pin[]): Pin[] {
  const query = useQuery({
    queryKey: pinKeys.file(projectId, previous?.fileId ?? 0),
    queryFn: () => fetchPins(projectId, previous!.fileId),
    enabled: previous !== undefined,
  });
  return (query.data ?? []).filter((pin) => !takenOver(pin, current));
}

interface PreviousPinsProps {
  version: number;
  pins: Pin[];
  busy: boolean;
  onCarry(pin: Pin): void;
  onCarryAll(): void;
}

function PreviousPins({ version, pins, busy, onCarry, onCarryAll }: PreviousPinsProps) {
  if (pins.length === 0) return null;
  const open = pins.some((pin) => pin.status !== 'ERLEDIGT');
  return (
    <section aria-labelledby="previous-pins-heading" className="flex flex-col gap-2 border-t border-border pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="previous-pins-heading" className="text-sm font-semibold">
          {t.previous(version)}
        </h3>
        {open ? (
          <Button size="sm" variant="outline" className="min-h-11" disabled={busy} onClick={onCarryAll}>
            {t.carryAll}
          </Button>
        ) : null}
      </div>
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

interface QueuedPinActions {
  onMove(): void;
  onEdit(): void;
  onDiscard(): void;
}

/** A pin waiting on the device: no number yet (the server gives it), its status instead; until it is sent it is moved, changed or dropped here. */
function QueuedPinEntry({ item, pin, actions }: { item: QueueItem; pin: QueuedPin; actions?: QueuedPinActions }) {
  return (
    <div role="listitem" className="flex items-start gap-2 rounded-md border border-dashed border-border p-2 text-muted-foreground">
      <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full border-2 border-dashed border-gray-400 text-sm font-semibold">
        …
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="whitespace-pre-line break-words text-sm">{pin.comment}</span>
        <span className="text-xs">{de.offlineQueue.status[item.status]}</span>
        {item.reason ? <span className="text-xs text-destructive break-words">{item.reason}</span> : null}
        {actions ? (
          <span className="mt-1 flex flex-wrap gap-2">
            {item.status === 'waiting' ? (
              <>
                <Button variant="outline" size="sm" className="min-h-11" onClick={actions.onMove}>
                  <Move aria-hidden />
                  {t.move}
                </Button>
                <Button variant="outline" size="sm" className="min-h-11" onClick={actions.onEdit}>
                  <Pencil aria-hidden />
                  {t.edit}
                </Button>
              </>
            ) : null}
            {item.status === 'sending' ? null : (
              <Button variant="outline" size="sm" className="min-h-11" onClick={actions.onDiscard}>
                <Trash2 aria-hidden />
                {t.delete}
              </Button>
            )}
          </span>
        ) : null}
      </span>
    </div>
  );
}

/** What is carried over from the previous version by a click: one pin, or every open one. */
type CarryChoice = { kind: 'one'; pin: Pin } | { kind: 'all' };

/** One server route carries one item or all open ones, each linked to its origin and never twice; a carry holds back the others. */
function useCarryAction(projectId: string, fileId: number) {
  return useServerAction<CarryChoice, string>({
    action: async (choice) => {
      const { carried } = await carryPins(projectId, fileId, choice.kind === 'one' ? { pinIds: [choice.pin.id] } : {});
      return choice.kind === 'one' && carried.length === 1 ? t.carriedOver(carried[0]!.number) : t.carriedAll(carried.length);
    },
    itemOf: () => 'carry',
    invalidates: [pinKeys.file(projectId, fileId)],
    refetchAfterFailure: true,
    notify: (done) => done,
    errors: errorContexts.savePin,
  });
}

type Editing = { kind: 'new'; point: PagePoint } | { kind: 'edit'; pin: Pin } | { kind: 'queued'; item: QueueItem; placement: QueuedPlacement } | { kind: 'assign'; pin: Pin } | null;

/** 'Verschieben', then a tap on the new spot: a pin on the server, or one placed offline and not yet sent. */
type Moving = { kind: 'pin'; pin: Pin } | { kind: 'queued'; item: QueueItem; placement: QueuedPlacement } | null;

/** What a person may do with an item besides reading it, as the server's pin table decides. */
interface ItemRights {
  own: boolean;
  status: boolean;
  assign: boolean;
}

interface PinEntryProps {
  projectId: string;
  /** The plan's title, for a reply that waits on the device. */
  planName: string;
  pin: Pin;
  selected: boolean;
  rights: ItemRights;
  today: string;
  statusAction: ServerAction<StatusChoice>;
  photoOf: PhotoOf;
  uploadPhoto: UploadPhoto;
  /** What of it waits on the device. */
  pending: PendingPin | undefined;
  onSelect(): void;
  onEdit(): void;
  onMove(): void;
  onAssign(): void;
  onDelete(): void;
  onDiscardPending(item: QueueItem): void;
}

/**
 * The items beside the plan in groups of 25 by their numbers, laid out together or skipped together
 * while out of sight. By number, so an item never changes its group (which would start it afresh,
 * a reply being written in it included) when others come or go.
 */
function groupsByNumber(pins: Pin[]): Array<{ key: number; pins: Pin[] }> {
  const groups: Array<{ key: number; pins: Pin[] }> = [];
  for (const pin of pins) {
    const key = Math.floor((pin.number - 1) / 25);
    const last = groups.at(-1);
    if (last?.key === key) last.pins.push(pin);
    else groups.push({ key, pins: [pin] });
  }
  return groups;
}

/**
 * The items of the page: groups laid out and drawn only once scrolled near, so hundreds of items are
 * not walked again on every frame the plan moves beside them. A group not yet drawn holds the room of
 * 25 items of about 21rem each, so the scroll bar hardly changes as groups are drawn.
 */
function PinEntries({ pins, entry, children }: { pins: Pin[]; entry(pin: Pin): ReactNode; children?: ReactNode }) {
  return (
    <div role="list" className="flex flex-col gap-2">
      {groupsByNumber(pins).map((group) => (
        <div key={group.key} className="flex flex-col gap-2 [contain-intrinsic-size:auto_540rem] [content-visibility:auto]">
          {group.pins.map(entry)}
        </div>
      ))}
      {children}
    </div>
  );
}

function PinEntry({ projectId, planName, pin, selected, rights, today, statusAction, photoOf, uploadPhoto, pending, onSelect, onEdit, onMove, onAssign, onDelete, onDiscardPending }: PinEntryProps) {
  // A pin to be deleted is not changed any more; its deletion is discarded in the list of waiting changes.
  const own = rights.own && !(pending?.remove && pending.remove.status !== 'refused' && pending.remove.status !== 'conflict');
  const author = pin.author ? participantName(pin.author) : pin.authorName;
  return (
    <div role="listitem" className={`flex flex-col gap-2 rounded-md border p-2 ${selected ? 'border-primary bg-accent' : 'border-border'}`}>
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
      <PendingPinState pending={pending} onDiscard={onDiscardPending} />
      <PinItemFacts pin={pin} today={today} />
      {rights.status ? <PinStatusButtons pin={pin} action={statusAction} /> : null}
      <PhotoThumbnails fileIds={photosOfPin(pin)} photoOf={photoOf} labelOf={(index, count) => t.photoOf(pin.number, index, count)} />
      {own || rights.assign ? (
        <div className="flex flex-wrap gap-2">
          {rights.assign ? (
            <Button variant="outline" size="sm" className="min-h-11" onClick={onAssign} aria-label={t.assignHeading(pin.number)}>
              <UserCheck aria-hidden />
              {t.assign}
            </Button>
          ) : null}
          {own ? (
            <>
              <Button variant="outline" size="sm" className="min-h-11" onClick={onEdit}>
                <Pencil aria-hidden />
                {t.edit}
              </Button>
              <Button variant="outline" size="sm" className="min-h-11" onClick={onMove} aria-label={t.moveLabel(pin.number)}>
                <Move aria-hidden />
                {t.move}
              </Button>
              <Button variant="outline" size="sm" className="min-h-11" onClick={onDelete}>
                <Trash2 aria-hidden />
                {t.delete}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      <PinConversation pin={pin} photoOf={photoOf} />
      <WaitingReplies pending={pending} />
      {selected ? (
        <Suspense fallback={null}>
          <PinReplyForm projectId={projectId} pin={pin} planName={planName} uploadPhoto={uploadPhoto} />
        </Suspense>
      ) : null}
    </div>
  );
}

interface PinEditorProps {
  editing: NonNullable<Editing>;
  projectId: string;
  file: ProjectFile;
  page: number;
  nextNumber: number;
  uploadPhoto: UploadPhoto;
  photoOf: PhotoOf;
  /** Saved (the pin as it is now), or kept on the device (none yet). */
  onDone(pin: Pin | null): void;
  onCancel(): void;
}

/** The form beside the plan: a new pin, a change of one (sent or waiting), or its assignment. */
function PinEditor({ editing, projectId, file, page, nextNumber, uploadPhoto, photoOf, onDone, onCancel }: PinEditorProps) {
  if (editing.kind === 'assign') {
    return (
      <Suspense fallback={<StatusMessage>{de.common.loading}</StatusMessage>}>
        <PinItemForm key={`assign-${editing.pin.id}`} projectId={projectId} pin={editing.pin} planName={file.name} onDone={onDone} onQueued={() => onDone(null)} onCancel={onCancel} />
      </Suspense>
    );
  }
  const target =
    editing.kind === 'new'
      ? ({ kind: 'new', page, point: editing.point, number: nextNumber } as const)
      : editing.kind === 'queued'
        ? ({ kind: 'queued', id: editing.item.id, placement: editing.placement, number: nextNumber } as const)
        : editing;
  return (
    <Suspense fallback={<StatusMessage>{de.common.loading}</StatusMessage>}>
      <PinForm
        key={editing.kind === 'edit' ? `edit-${editing.pin.id}` : editing.kind === 'queued' ? `queued-${editing.item.id}` : 'new'}
        projectId={projectId}
        fileId={file.id}
        planName={file.name}
        target={target}
        uploadPhoto={uploadPhoto}
        photoOf={photoOf}
        onDone={onDone}
        onQueued={() => onDone(null)}
        onCancel={onCancel}
      />
    </Suspense>
  );
}

/** A tap on the spot, or 'Hier markieren' for the middle of the view, says where the new pin goes. */
function placingOn(layer: RefObject<HTMLDivElement | null>, place: (point: PagePoint) => void) {
  const placeInMiddle = () => {
    const box = layer.current?.getBoundingClientRect();
    const stage = layer.current?.closest('[data-plan-stage]')?.getBoundingClientRect();
    const point = box && stage ? centreOfVisiblePage(box, stage) : null;
    if (point) place(point);
  };
  return { place, placeInMiddle };
}

/** What can be done to a pin still waiting on the device: moved, changed or dropped. */
function queuedActionsOf(startMoving: (target: NonNullable<Moving>) => void, setEditing: (editing: Editing) => void, changes: PinChanges) {
  return (item: QueueItem, placement: QueuedPin): QueuedPinActions => ({
    onMove: () => startMoving({ kind: 'queued', item, placement }),
    onEdit: () => setEditing({ kind: 'queued', item, placement }),
    onDiscard: () => void changes.discardAfterAsking(item.id),
  });
}

/** One status line and one failure line for the deletions (sent, or kept on the device): the last one's outcome. */
function useDeleteAction(projectId: string, fileId: number, changes: PinChanges) {
  return useServerAction<Pin, string>({
    confirm: (pin) => ({ title: t.confirmDelete(pin.number), confirmLabel: t.delete, destructive: true }),
    action: async (pin) => ((await changes.remove(pin)).kind === 'queued' ? de.offlineQueue.savedOnDevice : t.deleted(pin.number)),
    itemOf: (pin) => pin.id,
    invalidates: [pinKeys.file(projectId, fileId)],
    refetchAfterFailure: true,
    status: (done) => done,
    errors: errorContexts.deletePin,
  });
}

/** 'Verschieben': the next tap on the plan is the pin's new spot, sent or kept on the device. */
function useMoving(projectId: string, fileId: number, changes: PinChanges) {
  const [moving, setMoving] = useState<Moving>(null);
  const move = useServerAction<{ pin: Pin; point: PagePoint }, string>({
    action: async ({ pin, point }) => ((await changes.save(pin, { ...point, comment: pin.comment })).kind === 'queued' ? de.offlineQueue.savedOnDevice : t.moved(pin.number)),
    itemOf: ({ pin }) => pin.id,
    invalidates: [pinKeys.file(projectId, fileId)],
    refetchAfterFailure: true,
    status: (done) => done,
    errors: errorContexts.movePin,
  });
  const moveTo = (point: PagePoint) => {
    setMoving(null);
    if (moving?.kind === 'pin') void move.run({ pin: moving.pin, point });
    if (moving?.kind === 'queued') void changes.moveQueued(moving.item, moving.placement, point);
  };
  return { moving, setMoving, moveTo, move };
}

function MovingBanner({ moving, onCancel }: { moving: NonNullable<Moving>; onCancel(): void }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-amber-500 p-2" role="status">
      <p className="text-sm">{moving.kind === 'pin' ? t.moving(moving.pin.number) : t.placing}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" className="min-h-11" onClick={onCancel}>
          {t.cancelPlacing}
        </Button>
      </div>
    </div>
  );
}

/**
 * Pins on a plan: everyone who sees the plan sees its pins (live), places one by 'Markierung setzen'
 * and a tap on the spot (or 'Hier markieren' for the middle of the view), and changes or deletes
 * their own. The viewer lays `pageOverlay` over the page and shows `sidePanel` beside it.
 */
export function PinBoard({ projectId, file, page, uploadPhoto, photoOf, previousVersion, readOnly = false, children }: PinBoardProps) {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const pins = usePins(projectId, file.id);
  // Offline, pins never read on this device are not there: said so, neither 'none' nor a failure.
  const notKept = useNotKeptOffline(pinKeys.file(projectId, file.id), pins);
  const layer = useRef<HTMLDivElement>(null);
  const [placing, setPlacing] = useState(false);
  // Until the page's image is there, the middle of the page is nowhere: 'Hier markieren' waits for it.
  const [pageShown, setPageShown] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const changes = usePinChanges(projectId, file.id, file.name);
  // Moving a pin closes its form: one thing at a time beside the plan.
  const { moving, setMoving, moveTo, move } = useMoving(projectId, file.id, changes);
  const startMoving = (target: NonNullable<Moving>) => {
    setEditing(null);
    setMoving(target);
  };
  // An item opened from 'Offene Punkte' (`&pin=<id>`) is selected: its marker and entry stand out.
  const [selectedId, setSelectedId] = useState<number | null>(() => linkedPinId(searchParams));

  // Each pin as this device shows it: with its change still waiting to be sent.
  const all = (pins.data ?? []).map((pin) => withPendingChange(pin, changes.pending.get(pin.id)));
  const queuedOnPage = useQueuedPins(projectId, file.id).filter(({ pin }) => pin.page === page);
  const previous = usePreviousPins(projectId, previousVersion, all);
  const onPage = all.filter((pin) => pin.page === page);
  const elsewhere = all.length - onPage.length;
  const nextNumber = all.reduce((highest, pin) => Math.max(highest, pin.number), 0) + 1;
  const isOwn = (pin: Pin) => Boolean(user && pin.author && sameUsername(pin.author.username, user.username));
  const architect = can(user, 'assignPinItems');
  // On an earlier version the pins' text and place stay as they were; its items are still followed up (status, assignment).
  const rightsOf = (pin: Pin): ItemRights => ({ own: !readOnly && isOwn(pin), status: mayChangeStatus(pin, user?.username, architect), assign: architect });
  const statusAction = usePinStatusAction(projectId, file.id, changes);
  const today = todayInAustria();

  const { place, placeInMiddle } = placingOn(layer, (point) => {
    setPlacing(false);
    setEditing({ kind: 'new', point });
  });
  const change = useDeleteAction(projectId, file.id, changes);
  const carry = useCarryAction(projectId, file.id);
  const queuedActions = queuedActionsOf(startMoving, setEditing, changes);
  const pendingIds = new Set(all.filter((pin) => hasWaiting(changes.pending.get(pin.id))).map((pin) => pin.id));

  const draft = editing?.kind === 'new' ? editing.point : null;
  const previousOnPage = previousVersion ? { version: previousVersion.version, pins: previous.filter((pin) => pin.page === page) } : undefined;
  const pageOverlay = (
    <PinLayer
      pins={onPage}
      pendingIds={pendingIds}
      queued={queuedOnPage.map(({ pin }) => pin)}
      previous={previousOnPage}
      draft={draft}
      selectedId={selectedId}
      onSelect={(pin) => setSelectedId(pin.id)}
      onPlace={placing ? place : moving ? moveTo : null}
      layerRef={layer}
      onShown={setPageShown}
    />
  );

  const sidePanel = (
    <section aria-labelledby="pins-heading" className="flex flex-col gap-3 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pins-heading" className="font-semibold">
          {t.heading(all.length)}
        </h2>
        {placing || readOnly ? null : (
          <Button
            size="sm"
            className="min-h-11"
            disabled={editing !== null || moving !== null}
            onClick={() => {
              setPlacing(true);
              void pinForm.preload().catch(() => undefined);
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
            <Button size="sm" variant="outline" className="min-h-11" disabled={!pageShown} onClick={placeInMiddle}>
              {t.placeHere}
            </Button>
            <Button size="sm" variant="outline" className="min-h-11" onClick={() => setPlacing(false)}>
              {t.cancelPlacing}
            </Button>
          </div>
        </div>
      ) : null}
      {moving ? <MovingBanner moving={moving} onCancel={() => setMoving(null)} /> : null}
      {editing ? (
        <PinEditor
          editing={editing}
          projectId={projectId}
          file={file}
          page={page}
          nextNumber={nextNumber}
          uploadPhoto={uploadPhoto}
          photoOf={photoOf}
          onDone={(pin) => {
            setEditing(null);
            if (pin) setSelectedId(pin.id);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <FormError>{change.error || move.error || carry.error || statusAction.error || (pins.isError && !notKept ? t.loadFailed : '')}</FormError>
      <StatusMessage>{change.status ?? move.status ?? statusAction.status}</StatusMessage>
      {notKept ? <NotKeptNotice>{t.notKeptOffline}</NotKeptNotice> : null}
      {onPage.length === 0 && queuedOnPage.length === 0 && !editing && !notKept ? <p className="text-sm text-muted-foreground">{t.none}</p> : null}
      <PinEntries
        pins={onPage}
        entry={(pin) => (
          <PinEntry
            key={pin.id}
            projectId={projectId}
            planName={file.name}
            pin={pin}
            selected={pin.id === selectedId}
            rights={rightsOf(pin)}
            today={today}
            statusAction={statusAction}
            photoOf={photoOf}
            uploadPhoto={uploadPhoto}
            pending={changes.pending.get(pin.id)}
            onSelect={() => setSelectedId(pin.id)}
            onEdit={() => setEditing({ kind: 'edit', pin })}
            onMove={() => startMoving({ kind: 'pin', pin })}
            onAssign={() => setEditing({ kind: 'assign', pin })}
            onDelete={() => void change.run(pin)}
            onDiscardPending={(item) => void changes.discard(item.id)}
          />
        )}
      >
        {queuedOnPage.map(({ item, pin }) => (
          <QueuedPinEntry key={`queued-${item.id}`} item={item} pin={pin} actions={readOnly || !changes.replace ? undefined : queuedActions(item, pin)} />
        ))}
      </PinEntries>
      {elsewhere > 0 ? <p className="text-sm text-muted-foreground">{t.otherPages(elsewhere)}</p> : null}
      {previousVersion ? (
        <PreviousPins
          version={previousVersion.version}
          pins={previous}
          busy={carry.isBusy('carry')}
          onCarry={(pin) => void carry.run({ kind: 'one', pin })}
          onCarryAll={() => void carry.run({ kind: 'all' })}
        />
      ) : null}
    </section>
  );

  return children({ pageOverlay, sidePanel, sheetMode: placing || moving ? 'peek' : editing ? 'open' : undefined });
}
