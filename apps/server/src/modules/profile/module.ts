import type { Platform } from '../../platform/compose';
import { registerProfileRoutes } from './routes';
import { createProfileService } from './service';

/** Each person's profile, and the customers' as their architects change them. */
export function registerProfileModule(platform: Platform): void {
  const { data, loginLimiter, mailQueue, sessions, accessChanged } = platform;
  registerProfileRoutes(platform.app, createProfileService({ data, limiter: loginLimiter, mails: mailQueue, sessions, accessChanged }));
}
