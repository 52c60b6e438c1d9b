import type { FastifyBaseLogger } from 'fastify';
import { formThreshold, mailTexts, participantName, type NotificationSettings } from '@bauakte/domain';
import { renderMail } from '../../platform/mail/layout';
import type { MailQueue } from '../../platform/mail/mail-queue';
import type { DataLayer } from '../../platform/db/repositories';

export interface SavedQuestionnaire {
  projectId: number;
  architectId: number | null;
  savedById: number;
  progressBefore: number;
  progressAfter: number;
  answersChanged: boolean;
}

/**
 * Tells a project's architect, by e-mail, that the questionnaire moved — as their form setting
 * asks: formAll on every change, form50…form100 once when progress first reaches the threshold,
 * formNone never. The architect's own saves are not announced to them.
 */
export function createFormNoticeService(deps: {
  data: DataLayer;
  settingsOf: (userId: number) => Promise<NotificationSettings>;
  mails: Pick<MailQueue, 'send'>;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  async function shouldAnnounce(save: SavedQuestionnaire, architectId: number): Promise<boolean> {
    const threshold = formThreshold(await deps.settingsOf(architectId));
    if (threshold === null || !save.answersChanged) return false;
    if (threshold === 0) return true;
    if (save.progressAfter < threshold || save.progressBefore === save.progressAfter) return false;
    return deps.data.repos.formNotices.claim(save.projectId, architectId, threshold, new Date().toISOString());
  }

  /**
   * Read only once a notice is due, after the save's transaction: most saves send none, and the
   * save need not hold the project's row for what only a mail names.
   */
  async function noticeMail(save: SavedQuestionnaire, architectId: number) {
    const [architect, project] = await Promise.all([deps.data.repos.users.findById(architectId), deps.data.repos.formNotices.project(save.projectId)]);
    if (!architect?.email || !project) return undefined;
    const { customer } = project;
    const texts = mailTexts.formNotice;
    const customerName = customer ? participantName(customer) : texts.noCustomer;
    const complete = save.progressAfter >= 100;
    const link = `${deps.publicUrl}/projectOverview?projectId=${save.projectId}`;
    const content = renderMail({
      greeting: mailTexts.greeting(participantName(architect)),
      paragraphs: [texts.saved(project.name, complete), texts.customer(customerName), texts.progress(save.progressAfter)],
      action: { label: texts.action, url: link },
      notes: [mailTexts.settingsNote],
    });
    const subject = texts.subject(project.name, save.progressAfter, complete);
    return { to: architect.email, subject, ...content, links: [link] };
  }

  return {
    /** Decides and queues the mail; a failure is logged and never undoes the save. */
    async afterSave(save: SavedQuestionnaire): Promise<void> {
      const { architectId } = save;
      if (architectId === null || architectId === save.savedById) return;
      try {
        if (!(await shouldAnnounce(save, architectId))) return;
        const mail = await noticeMail(save, architectId);
        if (mail) await deps.mails.send('FORM_NOTICE', mail);
      } catch (error) {
        deps.log.error({ err: error, projectId: save.projectId }, 'questionnaire notice failed');
      }
    },
  };
}

export type FormNoticeService = ReturnType<typeof createFormNoticeService>;
