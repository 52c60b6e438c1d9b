import { inTransaction, type Db } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import type { MailQueue } from '../../platform/mail/mail-queue';
import { invitationMail } from './mails';
import { invitationValidityMs } from './tokens';
import { issueLink } from './links';

/**
 * Invitation links. The link and its mail are written in the same transaction as the account they
 * open, the mail into the mail queue: a mail server that is down delays the invitation, never loses it.
 */
export function createInvitationService(deps: { db: Db; mails: Pick<MailQueue, 'enqueue' | 'wake'>; publicUrl: string }) {
  /** A new link for the user (older ones stop working) and its mail, queued with `trx`; call queued() after the commit. */
  async function issue(trx: Db, user: UserRow, invitedBy: string | null): Promise<void> {
    const token = await issueLink(trx, user.id, 'INVITATION', invitationValidityMs);
    await deps.mails.enqueue(trx, 'INVITATION', invitationMail(user, `${deps.publicUrl}/register?token=${encodeURIComponent(token)}`, invitedBy));
  }

  return {
    issue,

    /** The transaction that issued an invitation has committed: its mail may go now. */
    queued: () => deps.mails.wake(),

    /** Sends the invitation of an existing account again. */
    async reinvite(user: UserRow, invitedBy: string | null): Promise<void> {
      await inTransaction(deps.db, (trx) => issue(trx, user, invitedBy));
      deps.mails.wake();
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
