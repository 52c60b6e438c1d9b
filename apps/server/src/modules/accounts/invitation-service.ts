import type { UserRow } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail/mailer';
import type { AccountTokenRepository } from './repository';
import { invitationMail } from './mails';
import { invitationValidityMs, newAccountToken } from './tokens';

/**
 * Issues an invitation link (older ones stop working) and mails it. The account exists before the
 * mail goes out, so a failed delivery loses nothing: the invitation can simply be sent again.
 */
export function createInvitationService(deps: { tokens: AccountTokenRepository; mailer: Mailer; publicUrl: string }) {
  return {
    async invite(user: UserRow, invitedBy: string | null): Promise<void> {
      const now = new Date();
      const { token, hash } = newAccountToken();
      await deps.tokens.retireAll(user.id, 'INVITATION', now.toISOString());
      await deps.tokens.insert({
        userId: user.id,
        purpose: 'INVITATION',
        tokenHash: hash,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + invitationValidityMs).toISOString(),
      });
      const link = `${deps.publicUrl}/register?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(invitationMail(user, link, invitedBy));
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
