import { dayAfter, dueDateText, mailTexts, onFirstUse, participantName, planLinkParameters, planLinkPath, todayInAustria } from '@bauakte/domain';
import { renderMail } from '../../platform/mail/layout';
import type { UserRow } from '../../platform/db/schema';
import type { NoticeServiceDeps } from './plan-notices';
import type { NoticedItem } from './repository';

/** At most one 'made responsible' mail per project and person in this time, however many items are assigned. */
export const itemNoticeIntervalMs = 10 * 60_000;

/** Reminders are sent from this hour on (Vienna) on the day before an item is due, not at midnight. */
export const reminderHourInAustria = 7;

/** How often main.ts looks for items to remind of. */
export const reminderRoundMs = 10 * 60_000;

/** Items reminded of per round of the sweep; the next round takes the rest. */
const reminderBatch = 100;

const hourFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Vienna', hour: '2-digit', hourCycle: 'h23' }));
const hourInAustria = (now: Date) => Number(hourFormat().format(now));

/** Someone made responsible for an item: who did it and whom. */
export interface ItemAssignment {
  pinId: number;
  actorId: number;
  responsibleId: number;
}

/**
 * Mails to whoever is responsible for an open item: when they are made responsible (by someone
 * else), and once on the day before the item is due while it is not done. Both follow the
 * recipient's setting for notices about plans ('Bei jeder neuen Nachricht', chatAll), as the
 * plans' own notices do; the item's text stays in Bauakte, as a pin's comment does. The reminders' state lies in the database (each pin keeps the due date it
 * was reminded of), so a restart loses none and sends none twice, and of several instances only
 * the one whose claim succeeds sends it.
 */
export function createItemNoticeService(deps: NoticeServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const repos = () => deps.data.repos;

  function itemLink(item: NoticedItem): string {
    return `${deps.publicUrl}${planLinkPath(item.projectId, item.fileId, item.page)}&${planLinkParameters.pin}=${item.id}`;
  }

  function mailOf(recipient: UserRow, item: NoticedItem, subject: string, paragraphs: string[], notes: string[]) {
    const link = itemLink(item);
    const content = renderMail({
      greeting: mailTexts.greeting(participantName(recipient)),
      paragraphs,
      action: { label: mailTexts.itemNotice.action, url: link },
      notes: [...notes, mailTexts.settingsNote],
    });
    return { to: recipient.email, subject, ...content, links: [link] };
  }

  /** The recipient, if they want notices about plans and have an address. */
  async function wantingRecipient(userId: number): Promise<UserRow | undefined> {
    if (!(await deps.settingsOf(userId)).chatAll) return undefined;
    const recipient = await repos().users.findById(userId);
    return recipient?.email ? recipient : undefined;
  }

  async function tellAssigned(assignment: ItemAssignment): Promise<void> {
    if (assignment.responsibleId === assignment.actorId) return;
    const item = await repos().itemNotices.item(assignment.pinId);
    if (!item || item.responsibleId !== assignment.responsibleId || item.status === 'ERLEDIGT') return;
    const recipient = await wantingRecipient(assignment.responsibleId);
    const actor = await repos().users.findById(assignment.actorId);
    if (!recipient || !actor) return;
    const at = now();
    const since = new Date(at.getTime() - itemNoticeIntervalMs).toISOString();
    if (!(await repos().itemNotices.claim(item.projectId, recipient.id, at.toISOString(), since))) return;
    const texts = mailTexts.itemNotice;
    const paragraphs = [texts.assigned(participantName(actor), item.number, item.planName, item.projectName)];
    if (item.dueDate) paragraphs.push(texts.dueOn(dueDateText(item.dueDate)));
    await deps.mails.send('ITEM_NOTICE', mailOf(recipient, item, texts.assignedSubject(item.projectName), paragraphs, [texts.quiet]));
  }

  async function remind(item: NoticedItem, dueDate: string): Promise<boolean> {
    if (item.responsibleId === null || !(await repos().itemNotices.claimReminder(item.id, dueDate))) return false;
    const recipient = await wantingRecipient(item.responsibleId);
    if (!recipient) return false;
    const texts = mailTexts.itemNotice;
    const paragraphs = [texts.due(item.number, item.planName, item.projectName, dueDateText(dueDate))];
    await deps.mails.send('ITEM_NOTICE', mailOf(recipient, item, texts.dueSubject(item.projectName), paragraphs, []));
    return true;
  }

  return {
    /** After an assignment's commit; a failure is logged and never undoes the assignment. */
    async afterAssignment(assignment: ItemAssignment): Promise<void> {
      try {
        await tellAssigned(assignment);
      } catch (error) {
        deps.log.error({ err: error, pinId: assignment.pinId }, 'item notice failed');
      }
    },

    /**
     * One round of the reminders: from 7 a.m. in Austria, every item due tomorrow that is not done
     * and whose reminder for that date has not gone out. Answers how many were mailed.
     */
    async sendDueReminders(): Promise<number> {
      const at = now();
      if (hourInAustria(at) < reminderHourInAustria) return 0;
      const tomorrow = dayAfter(todayInAustria(at));
      let sent = 0;
      for (;;) {
        const due = await repos().itemNotices.dueWithoutReminder(tomorrow, reminderBatch);
        for (const item of due) if (await remind(item, tomorrow)) sent += 1;
        if (due.length < reminderBatch) return sent;
      }
    },
  };
}

export type ItemNoticeService = ReturnType<typeof createItemNoticeService>;
