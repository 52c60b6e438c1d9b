import type { Platform } from '../../platform/compose';
import { registerAuthRoutes } from './routes';
import { createAuthService } from './service';

/** Login, logout, who the caller is, the caller's devices and this device's key. */
export function registerAuthModule(platform: Platform): void {
  const { data, sessions, loginLimiter, deviceKeys } = platform;
  registerAuthRoutes(platform.app, createAuthService({ data, sessions, limiter: loginLimiter, deviceKeys }));
}
