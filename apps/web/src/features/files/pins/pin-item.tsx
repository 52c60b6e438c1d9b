import { isOverdue, participantName, pinStatuses, sameUsername, type PinStatus } from '@bauakte/domain/labels';
import type { Pin } from '@bauakte/domain/schemas';
import { Button } from '../../../components/ui/button';
import { calendarDayText, dateTimeText } from '../../../lib/date-time';
import { errorContexts } from '../../../lib/error-contexts';
import { pinKeys } from '../../../lib/query-keys';
import { useServerAction, type ServerAction } from '../../../platform/actions/use-server-action';
import { de } from '../../../i18n/de';
import { PhotoThumbnails, photosOfReply, type PhotoOf } from './photo-thumbnails';
import type { PinChangeOutcome, PinChanges } from './pin-offline-changes';

const t = de.pins;

/** A status chosen for a pin, by one click. */
export interface StatusChoice {
  pin: Pin;
  status: PinStatus;
}

/**
 * The board's one status action: the pin's version goes along, so a change made meanwhile answers 409
 * and the list refetches. Without a connection, or behind a change of the pin still waiting, the
 * status waits on the device with that version (`usePinChanges`).
 */
export function usePinStatusAction(projectId: string, fileId: number, changes: Pick<PinChanges, 'setStatus'>): ServerAction<StatusChoice> {
  return useServerAction<StatusChoice, PinChangeOutcome>({
    action: ({ pin, status }) => changes.setStatus(pin, status),
    itemOf: ({ pin }) => pin.id,
    invalidates: [pinKeys.file(projectId, fileId), pinKeys.openItems(projectId)],
    refetchAfterFailure: true,
    status: (outcome, { pin, status }) => (outcome.kind === 'queued' ? de.offlineQueue.savedOnDevice : t.statusSet(pin.number, t.statusLabels[status])),
    errors: errorContexts.savePinStatus,
  });
}

/**
 * Who may set a pin's status, as the server's pin table says: the responsible person and the
 * project's architects (everyone who sees the plan with assignPinItems is one of them).
 */
export function mayChangeStatus(pin: Pin, username: string | undefined, architect: boolean): boolean {
  return architect || Boolean(username && pin.responsible && sameUsername(pin.responsible.username, username));
}

/** Status, kind, responsible person and due date in one line; an overdue item is marked 'überfällig'. */
export function PinItemFacts({ pin, today }: { pin: Pin; today: string }) {
  const overdue = isOverdue(pin, today);
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      <div className="flex gap-1">
        <dt className="sr-only">{t.status}</dt>
        <dd className={`rounded px-1.5 font-semibold ${pin.status === 'ERLEDIGT' ? 'bg-green-100 text-green-900' : pin.status === 'IN_BEARBEITUNG' ? 'bg-amber-100 text-amber-900' : 'bg-secondary'}`}>
          {t.statusLabels[pin.status]}
        </dd>
      </div>
      <div className="flex gap-1">
        <dt className="sr-only">{t.kind}</dt>
        <dd>{t.kindLabels[pin.kind]}</dd>
      </div>
      <div className="flex gap-1">
        <dt className="text-muted-foreground">{t.responsible}:</dt>
        <dd>{pin.responsible ? participantName(pin.responsible) : t.nobody}</dd>
      </div>
      {pin.dueDate ? (
        <div className="flex gap-1">
          <dt className="text-muted-foreground">{t.dueDate}:</dt>
          <dd className={overdue ? 'font-semibold text-destructive' : undefined}>
            {calendarDayText(pin.dueDate)}
            {overdue ? ` (${t.overdue})` : null}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** One click sets the status; the current one is pressed. 'Offen' on a done item reopens it. */
export function PinStatusButtons({ pin, action }: { pin: Pin; action: ServerAction<StatusChoice> }) {
  const busy = action.isBusy(pin.id);
  return (
    <div role="group" aria-label={`${t.status}, ${t.number(pin.number)}`} className="flex flex-wrap gap-1">
      {pinStatuses.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={pin.status === status ? 'default' : 'outline'}
          className="min-h-11"
          aria-pressed={pin.status === status}
          aria-label={t.setStatus(pin.number, t.statusLabels[status])}
          disabled={busy}
          onClick={() => (pin.status === status ? undefined : void action.run({ pin, status }))}
        >
          {t.statusLabels[status]}
        </Button>
      ))}
    </div>
  );
}

/** One line of an item's conversation: a reply, or a status change ('Status geändert von Offen auf Erledigt – Name, Datum'). */
type ConversationLine = { at: string; key: string; reply?: { byName: string; text: string; photoFileIds: number[] }; status?: string };

function conversationOf(pin: Pin): ConversationLine[] {
  const changes = pin.statusHistory.map((change, index) => ({
    at: change.at,
    key: `status-${index}`,
    status: t.statusChanged(t.statusLabels[change.from], t.statusLabels[change.to], change.byName, dateTimeText(change.at)),
  }));
  const replies = pin.replies.map((reply) => ({ at: reply.at, key: `reply-${reply.id}`, reply }));
  // Both are kept in the order they happened; at the same instant the status change stands first.
  return [...changes, ...replies].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The item's conversation, oldest first: its replies, with its status changes among them. */
export function PinConversation({ pin, photoOf }: { pin: Pin; photoOf?: PhotoOf }) {
  const lines = conversationOf(pin);
  if (lines.length === 0) return null;
  return (
    <section aria-label={`${t.history}, ${t.number(pin.number)}`}>
      <ul className="flex flex-col gap-1 text-xs">
        {lines.map((line) =>
          line.reply ? (
            <li key={line.key} className="rounded bg-muted px-2 py-1">
              <span className="block text-muted-foreground">{t.replyBy(line.reply.byName, dateTimeText(line.at))}</span>
              <span className="whitespace-pre-line break-words text-sm">{line.reply.text}</span>
              {photoOf ? <PhotoThumbnails fileIds={photosOfReply(line.reply)} photoOf={photoOf} labelOf={(index) => t.replyPhotoOf(index, line.reply?.byName ?? '')} /> : null}
            </li>
          ) : (
            <li key={line.key} className="text-muted-foreground">
              {line.status}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
