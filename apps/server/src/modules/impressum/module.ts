import type { Platform } from '../../platform/compose';
import { privacyNoticeOf, registerImpressumRoutes } from './routes';

/** The legal notice and the privacy notice, from the configuration. */
export function registerImpressumModule(platform: Platform): void {
  const { impressum, privacy } = platform.config;
  registerImpressumRoutes(platform.app, impressum, privacyNoticeOf(impressum, privacy));
}
