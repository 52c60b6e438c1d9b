import type { Platform } from '../../platform/compose';
import { registerAuthRoutes } from './routes';
import { createAuthService } from './service';

/** Login, logout and who the caller is. */
export function registerAuthModule(platform: Platform): void {
  const { data, sessions, loginLimiter } = platform;
  registerAuthRoutes(platform.app, createAuthService({ data, sessions, limiter: loginLimiter }));
}
