import { participantName } from '@bauakte/domain';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DataLayer, Repositories } from '../../platform/db/repositories';
import type { NewUserRow, UserRow } from '../../platform/db/schema';
import type { MailQueue } from '../../platform/mail/mail-queue';
import { invitationMail } from './mails';
import { invitationValidityMs } from './tokens';
import { issueLink } from './links';

/** What a new invited account is given by whoever creates it; its state and who created it when are added here. */
export type InvitedUser = Omit<NewUserRow, 'status' | 'passwordHash' | 'createdById' | 'createdAt' | 'updatedAt'>;

/**
 * Invitation links. The link and its mail are written in the same transaction as the account they
 * open, the mail into the mail queue: a mail server that is down delays the invitation, never loses it.
 */
export function createInvitationService(deps: { data: DataLayer; mails: Pick<MailQueue, 'enqueue' | 'wake'>; publicUrl: string }) {
  /**
   * A new link for the user (older ones stop working) and its mail, queued with a transaction's `repos`.
   * The mail names who invites by name ('Mara Berger'), their username only when they gave no name.
   */
  async function issue(repos: Repositories, user: UserRow, inviter: AuthUser): Promise<void> {
    const token = await issueLink(repos, user.id, 'INVITATION', invitationValidityMs);
    const invitedBy = participantName(await repos.users.getById(inviter.id));
    await deps.mails.enqueue(repos.mailOutbox, 'INVITATION', invitationMail(user, `${deps.publicUrl}/register?token=${encodeURIComponent(token)}`, invitedBy));
  }

  return {
    /**
     * A new account, not yet registered (no password), created by `caller` at `now`, and its
     * invitation, with a transaction's `repos`; answers its id. Call queued() after the commit.
     */
    async invite(repos: Repositories, caller: AuthUser, user: InvitedUser, now: string): Promise<number> {
      const id = await repos.users.insert({ ...user, status: 'INVITED', passwordHash: null, createdById: caller.id, createdAt: now, updatedAt: now });
      await issue(repos, await repos.users.getById(id), caller);
      return id;
    },

    /** The transaction that issued an invitation has committed: its mail may go now. */
    queued: () => deps.mails.wake(),

    /** Sends the invitation of an existing account again, in the name of `caller`. */
    async reinvite(user: UserRow, caller: AuthUser): Promise<void> {
      await deps.data.transaction((repos) => issue(repos, user, caller));
      deps.mails.wake();
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
