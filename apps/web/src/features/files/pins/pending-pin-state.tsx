import { Button } from '../../../components/ui/button';
import { itemChoiceText } from '../../../lib/pin-item-text';
import { de } from '../../../i18n/de';
import type { QueueItem } from '../../../platform/offline/queue-store';
import { isOnItsWay, type PendingPin } from './pin-offline-changes';

const t = de.pins;

/** What waits, in a word: 'Geändert auf diesem Gerät', 'Zuordnung geändert auf diesem Gerät' … */
function labelOf({ payload }: QueueItem): string {
  if (payload.kind === 'pinDelete') return t.pendingDelete;
  if (payload.kind === 'pinStatus') return t.pendingStatus;
  if (payload.kind === 'pinItem') return t.pendingItem;
  if (payload.kind === 'pinReply') return t.pendingReply;
  return t.pendingChange;
}

/** What the person chose in a refused change, to do it again: the typed comment, the status, the assignment. */
function choiceOf({ payload }: QueueItem): string | null {
  if (payload.kind === 'pinUpdate') return payload.commented ? t.pendingComment(payload.comment) : null;
  if (payload.kind === 'pinStatus') return t.pendingStatusChoice(t.statusLabels[payload.status]);
  if (payload.kind === 'pinItem') return t.pendingItemChoice(itemChoiceText(payload));
  if (payload.kind === 'pinReply') return t.pendingReplyChoice(payload.text);
  return null;
}

const isRefused = (item: QueueItem) => item.status === 'refused' || item.status === 'conflict';

/**
 * The replies written to the item on this device and still to be sent, below its conversation: the
 * text, how many photos go with it, and that it waits.
 */
export function WaitingReplies({ pending }: { pending: PendingPin | undefined }) {
  // Not the type guard: the replies keep their payload's type.
  const waiting = (pending?.replies ?? []).filter((item) => isOnItsWay(item));
  if (waiting.length === 0) return null;
  return (
    <ul aria-label={t.pendingReplies} className="flex flex-col gap-1 text-xs">
      {waiting.map((item) => {
        const photos = (item.payload.photos?.length ?? 0) + (item.payload.photoFileIds?.length ?? 0);
        return (
          <li key={item.id} className="rounded border border-dashed border-amber-700 px-2 py-1">
            <span className="block font-medium text-amber-900">
              {labelOf(item)} · {de.offlineQueue.status[item.status]}
            </span>
            <span className="whitespace-pre-line break-words text-sm">{item.payload.text}</span>
            {photos > 0 ? <span className="block text-muted-foreground">{t.pendingReplyPhotos(photos)}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

function RefusedChange({ item, onDiscard }: { item: QueueItem; onDiscard(item: QueueItem): void }) {
  const choice = choiceOf(item);
  return (
    <div className="flex flex-col gap-1 rounded border border-destructive p-2 text-xs" role="alert">
      <p className="font-medium text-destructive">{t.pendingRefused}</p>
      {item.reason ? <p className="break-words text-destructive">{item.reason}</p> : null}
      {choice ? <p className="whitespace-pre-line break-words">{choice}</p> : null}
      <Button variant="outline" size="sm" className="min-h-11 self-start" onClick={() => onDiscard(item)}>
        {t.discardPending}
      </Button>
    </div>
  );
}

/**
 * What of the pin waits on the device, on the pin: a line for each change still to be sent (moved or
 * changed, its status, its assignment; only the deletion when it is to be deleted), and each one the
 * server refused with the reason and what was chosen.
 */
export function PendingPinState({ pending, onDiscard }: { pending: PendingPin | undefined; onDiscard(item: QueueItem): void }) {
  const removal = pending?.remove;
  const changes = [removal, pending?.status, pending?.item, pending?.update].filter((item): item is QueueItem => item !== undefined);
  // Replies waiting show in the conversation (WaitingReplies); refused ones here, with the others refused.
  const refusedReplies = (pending?.replies ?? []).filter(isRefused);
  if (changes.length === 0 && refusedReplies.length === 0) return null;
  const waiting = isOnItsWay(removal) ? [removal] : changes.filter(isOnItsWay);
  const refused = [...changes.filter(isRefused), ...refusedReplies];
  return (
    <>
      {waiting.map((item) => (
        <p key={item.id} className="text-xs font-medium text-amber-900">
          {labelOf(item)} · {de.offlineQueue.status[item.status]}
        </p>
      ))}
      {refused.map((item) => (
        <RefusedChange key={item.id} item={item} onDiscard={onDiscard} />
      ))}
    </>
  );
}
