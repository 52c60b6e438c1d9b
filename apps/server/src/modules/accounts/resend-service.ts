import { serverMessages } from '@bauakte/domain';
import type { AuthUser } from '../../platform/auth/sessions';
import type { CheckedAccount } from '../../platform/access/access';
import { conflict } from '../../platform/errors';
import type { InvitationService } from './invitation-service';

/** Sends an invitation again (lost mail, expired link) to an account the policy allowed. */
export function createResendService(deps: { invitations: InvitationService }) {
  return {
    async resend(caller: AuthUser, account: CheckedAccount<'reinvite'>): Promise<{ message: string }> {
      if (account.status !== 'INVITED') throw conflict(serverMessages.alreadyRegistered);
      await deps.invitations.reinvite(account, caller);
      return { message: serverMessages.invitationSent };
    },
  };
}

export type ResendService = ReturnType<typeof createResendService>;
