import { serverMessages } from '@bauakte/domain';
import type { AccessPolicy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import { conflict, notFound } from '../../platform/errors';
import type { UserRepository } from '../users/repository';
import type { InvitationService } from './invitation-service';

/** Sends an invitation again (lost mail, expired link); who may do it is the access policy's call. */
export function createResendService(deps: { users: UserRepository; access: AccessPolicy; invitations: InvitationService }) {
  return {
    async resend(caller: AuthUser, username: string): Promise<{ message: string }> {
      const user = await deps.users.findByUsername(username);
      if (!user || !(await deps.access.canReinvite(caller, user))) throw notFound();
      if (user.status !== 'INVITED') throw conflict(serverMessages.alreadyRegistered);
      await deps.invitations.invite(user, caller.username);
      return { message: serverMessages.invitationSent };
    },
  };
}

export type ResendService = ReturnType<typeof createResendService>;
