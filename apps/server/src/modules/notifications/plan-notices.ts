import type { FastifyBaseLogger } from 'fastify';
import { mailTexts, participantName, planLinkPath, type NotificationSettings } from '@bauakte/domain';
import { renderMail } from '../../platform/mail/layout';
import type { MailQueue } from '../../platform/mail/mail-queue';
import type { DataLayer } from '../../platform/db/repositories';
import type { UserRow } from '../../platform/db/schema';

/** At most one plan notice per project and recipient in this time, however many pins are placed. */
export const planNoticeIntervalMs = 10 * 60_000;

/** A new pin on a plan, or a new version of one (from 2 on): what the other side is told. */
export interface PlanChange {
  projectId: number;
  /** Who placed the pin or uploaded the version. */
  actorId: number;
  kind: 'PIN' | 'VERSION';
  /** The version the pin lies on, or the new version: the mail's link opens it in the viewer. */
  fileId: number;
  /** The page the pin lies on (1 for a version). */
  page: number;
  /** The title of the plan (of the version the pin lies on). */
  planName: string;
  /** The pin's number, or the version's. */
  number: number;
}

/** What a service of notice mails needs: the data, the recipient's settings, the mail queue and the clock. */
export interface NoticeServiceDeps {
  data: DataLayer;
  settingsOf: (userId: number) => Promise<NotificationSettings>;
  mails: Pick<MailQueue, 'send'>;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Tells a project's other side by e-mail about new pins and plan versions: the client's go to the
 * project's architect, an architect's to the client. Asked of the same setting as chat messages
 * ('Bei jeder neuen Nachricht', chatAll): a pin is a remark on a plan, as a message is one in the
 * chat. One mail per project and recipient in 10 minutes; the rest is on 'Projekte mit Neuerungen'
 * and in the 'Änderungsverlauf'. The comment stays in Bauakte, as a chat message's text does.
 */
export function createPlanNoticeService(deps: NoticeServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const repos = () => deps.data.repos;

  function noticeMail(change: PlanChange, recipient: UserRow, actor: string, projectName: string) {
    const texts = mailTexts.planNotice;
    const link = `${deps.publicUrl}${planLinkPath(change.projectId, change.fileId, change.page)}`;
    const what =
      change.kind === 'PIN' ? texts.pin(actor, change.number, change.planName, projectName) : texts.version(actor, change.number, change.planName, projectName);
    const content = renderMail({
      greeting: mailTexts.greeting(participantName(recipient)),
      paragraphs: [what],
      action: { label: texts.action, url: link },
      notes: [texts.quiet, mailTexts.settingsNote],
    });
    return { to: recipient.email, subject: texts.subject(projectName), ...content, links: [link] };
  }

  async function notify(change: PlanChange): Promise<void> {
    const project = await repos().planNotices.project(change.projectId);
    if (!project) return;
    const recipientId = change.actorId === project.assignedUserId ? project.createdById : project.assignedUserId;
    if (recipientId === null || recipientId === change.actorId) return;
    if (!(await deps.settingsOf(recipientId)).chatAll) return;
    const at = now();
    const since = new Date(at.getTime() - planNoticeIntervalMs).toISOString();
    if (!(await repos().planNotices.claim(change.projectId, recipientId, at.toISOString(), since))) return;
    const [recipient, actor] = await Promise.all([repos().users.findById(recipientId), repos().users.findById(change.actorId)]);
    if (!recipient?.email || !actor) return;
    await deps.mails.send('PLAN_NOTICE', noticeMail(change, recipient, participantName(actor), project.name));
  }

  return {
    /** Decides and queues the mail after the change's commit; a failure is logged and never undoes the change. */
    async afterChange(change: PlanChange): Promise<void> {
      try {
        await notify(change);
      } catch (error) {
        deps.log.error({ err: error, projectId: change.projectId }, 'plan notice failed');
      }
    },
  };
}

export type PlanNoticeService = ReturnType<typeof createPlanNoticeService>;
