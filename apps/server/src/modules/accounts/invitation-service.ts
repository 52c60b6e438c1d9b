import { inTransaction, type Db } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { invitationMail } from './mails';
import { invitationValidityMs } from './tokens';
import { issueLink } from './links';

/**
 * Invitation links. The link is written in the same transaction as the account it opens; the mail
 * goes out after the commit, so a failed delivery loses nothing: the invitation can be sent again.
 */
export function createInvitationService(deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  /** A new link for the user (older ones stop working), written with `trx`; answers the mail to send. */
  async function issue(trx: Db, user: UserRow, invitedBy: string | null): Promise<MailMessage> {
    const token = await issueLink(trx, user.id, 'INVITATION', invitationValidityMs);
    return invitationMail(user, `${deps.publicUrl}/register?token=${encodeURIComponent(token)}`, invitedBy);
  }

  return {
    issue,

    send: (mail: MailMessage) => deps.mailer.send(mail),

    /** Sends the invitation of an existing account again. */
    async reinvite(user: UserRow, invitedBy: string | null): Promise<void> {
      const mail = await inTransaction(deps.db, (trx) => issue(trx, user, invitedBy));
      await deps.mailer.send(mail);
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
