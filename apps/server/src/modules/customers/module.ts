import type { Platform } from '../../platform/compose';
import type { InvitationService } from '../accounts/invitation-service';
import { registerCustomerRoutes } from './routes';
import { createCustomerService } from './service';

/** An architect's customers: created and invited, and listed. */
export function registerCustomersModule(platform: Platform, needs: { invitations: InvitationService }): void {
  const { data, access } = platform;
  registerCustomerRoutes(platform.app, createCustomerService({ data, access, invitations: needs.invitations }));
}
