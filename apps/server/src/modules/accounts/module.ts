import type { Platform } from '../../platform/compose';
import { createAttemptLimiter } from '../../platform/rate-limit/attempt-limiter';
import { createInvitationService, type InvitationService } from './invitation-service';
import { createPasswordResetService, resetRequestRules } from './password-reset-service';
import { createRegistrationService } from './registration-service';
import { createResendService } from './resend-service';
import { registerAccountRoutes } from './routes';

/** Invitations, registration and password reset; answers the invitations, which admin and customers send too. */
export function registerAccountsModule(platform: Platform): { invitations: InvitationService } {
  const { data, sessions, mailQueue, background, config } = platform;
  const invitations = createInvitationService({ data, mails: mailQueue, publicUrl: config.publicUrl });
  registerAccountRoutes(platform.app, {
    registration: createRegistrationService({ data }),
    passwordReset: createPasswordResetService({
      data,
      sessions,
      mails: mailQueue,
      limiter: createAttemptLimiter(data.repos.throttle, resetRequestRules),
      background,
      publicUrl: config.publicUrl,
    }),
    resend: createResendService({ invitations }),
  });
  return { invitations };
}
