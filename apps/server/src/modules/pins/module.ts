import type { Platform } from '../../platform/compose';
import { registerPinRoutes } from './routes';
import { createPinService } from './service';

/** Pins on plans: numbered points with a comment and a photo, placed by a project's people. */
export function registerPinsModule(platform: Platform): void {
  registerPinRoutes(platform.app, createPinService({ data: platform.data }));
}
