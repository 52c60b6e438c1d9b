import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CloudOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { dateTimeText } from '../../lib/date-time';
import { itemChoiceText } from '../../lib/pin-item-text';
import { useModal } from '../../platform/modals/modal-context';
import { useOnlineStatus } from '../../lib/online-status';
import { de } from '../../i18n/de';
import { useConfirm } from '../../platform/feedback/feedback-context';
import { selectProject } from '../../platform/project/project-selection';
import { stepPaths } from '../../lib/questionnaire-links';
import { useQueue } from '../../platform/offline/queue-context';
import type { QueueItem } from '../../platform/offline/queue-store';

const t = de.offlineQueue;

/** What the change is, in a line: the step's title, the message's text, the file's title, the pin's plan and what changed of it. */
function whatOf({ payload }: QueueItem, unreadable: boolean): string {
  if (unreadable) return t.unknownChange;
  if (payload.kind === 'step') return t.what.step(de.questionnaire.titles[payload.step]);
  if (payload.kind === 'chat') return t.what.chat(payload.message);
  if (payload.kind === 'pin') return t.what.pin(payload.planName);
  if (payload.kind === 'pinReply') return t.what.pinReply(payload.pinNumber, payload.planName, payload.text, (payload.photos?.length ?? 0) + (payload.photoFileIds?.length ?? 0));
  if (payload.kind === 'pinStatus') return t.what.pinStatus(payload.pinNumber, payload.planName, de.pins.statusLabels[payload.status]);
  if (payload.kind === 'pinItem') return t.what.pinItem(payload.pinNumber, payload.planName, itemChoiceText(payload));
  // A new comment names the typed text, so a refused one is still there to copy.
  if (payload.kind === 'pinUpdate') return payload.commented ? t.what.pinComment(payload.pinNumber, payload.planName, payload.comment) : t.what.pinMove(payload.pinNumber, payload.planName);
  if (payload.kind === 'pinDelete') return t.what.pinDelete(payload.pinNumber, payload.planName);
  return t.what.upload(payload.fileName);
}

function PendingItem({ item, onEdit, unreadable = false }: { item: QueueItem; onEdit?(): void; unreadable?: boolean }) {
  const { remove, progress } = useQueue();
  const confirm = useConfirm();
  const percent = progress.get(item.id);
  const discard = async () => {
    if (!(await confirm({ title: t.confirmDiscard, confirmLabel: t.discard, destructive: true }))) return;
    await remove(item.id);
  };
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3">
      <p className="font-medium break-words [overflow-wrap:anywhere]">{whatOf(item, unreadable)}</p>
      {unreadable ? null : <p className="text-sm text-muted-foreground">{t.createdAt(dateTimeText(item.createdAt))}</p>}
      <p className="text-sm">
        {unreadable ? t.status.refused : t.status[item.status]}
        {item.status === 'sending' && typeof percent === 'number' ? ` · ${t.progress(percent)}` : ''}
      </p>
      {unreadable ? <p className="text-sm text-destructive break-words">{t.malformed}</p> : null}
      {!unreadable && item.reason ? <p className="text-sm text-destructive break-words">{item.reason}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onEdit ? (
          <Button variant="outline" size="sm" onClick={onEdit}>
            {t.edit}
          </Button>
        ) : null}
        <Button variant="outline" size="sm" disabled={item.status === 'sending' && !unreadable} onClick={() => void discard()}>
          {t.discard}
        </Button>
      </div>
    </li>
  );
}

/**
 * The header's count of changes waiting on this device ('1 Änderung wartet'), which opens their list:
 * what, when, status and a refusal's reason, with Bearbeiten (the place it is changed) and Verwerfen.
 */
export function PendingChanges() {
  const { items, unreadable, sync } = useQueue();
  const online = useOnlineStatus();
  const navigate = useNavigate();
  const { openModal } = useModal();
  const [open, setOpen] = useState(false);
  const count = (items?.length ?? 0) + unreadable.length;
  if (count === 0) return null;
  // A refusal or a conflict waits for the person, not for the connection: the count says so by its colour.
  const needsChoice = unreadable.length > 0 || (items?.some((item) => item.status === 'refused' || item.status === 'conflict') ?? false);

  const editOf = (item: QueueItem): (() => void) | undefined => {
    const { payload } = item;
    if (payload.kind === 'step') {
      return () => {
        setOpen(false);
        selectProject(payload.projectId);
        void navigate(stepPaths[payload.step]);
      };
    }
    if (payload.kind === 'chat') {
      return () => {
        setOpen(false);
        openModal('ChatDialog', { chatId: payload.chatId });
      };
    }
    return undefined;
  };

  return (
    <>
      <Button variant="outline" size="sm" className={cn('ml-auto', needsChoice && 'border-destructive text-destructive')} onClick={() => setOpen(true)}>
        <CloudOff aria-hidden />
        {t.count(count)}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t.listTitle}</DialogTitle>
            <DialogDescription>{online ? t.listDescription : `${t.offline} ${t.listDescription}`}</DialogDescription>
          </DialogHeader>
          <ul className="flex flex-col gap-2">
            {(items ?? []).map((item) => (
              <PendingItem key={item.id} item={item} onEdit={editOf(item)} />
            ))}
            {unreadable.map((item) => (
              <PendingItem key={item.id} item={item} unreadable />
            ))}
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t.close}
            </Button>
            <Button disabled={!online} onClick={sync}>
              {t.retry}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
