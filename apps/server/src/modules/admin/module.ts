import type { Platform } from '../../platform/compose';
import type { InvitationService } from '../accounts/invitation-service';
import { registerAdminRoutes } from './routes';
import { createAdminService } from './service';

/** Teams, architects and the mails that failed: the administrators' area. */
export function registerAdminModule(platform: Platform, needs: { invitations: InvitationService }): void {
  const { data, mailQueue, teamsChanged } = platform;
  registerAdminRoutes(platform.app, createAdminService({ data, invitations: needs.invitations, mails: mailQueue, teamsChanged }));
}
