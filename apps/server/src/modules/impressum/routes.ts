import { impressumSchema, privacyNoticeSchema, type Impressum, type PrivacyNotice } from '@bauakte/domain';
import type { App } from '../../platform/http/types';

/** What a privacy notice needs of the configuration: the operator is its controller. */
export function privacyNoticeOf(impressum: Impressum, privacy: { contactEmail: string; hosting: string }): PrivacyNotice {
  const { company, street, postalCode, city, country, email, phone } = impressum;
  return { controller: { company, street, postalCode, city, country, email, phone }, ...privacy };
}

/**
 * The legal notice (ECG § 5) and the privacy notice (DSGVO Art. 13) must be reachable without an
 * account, so these routes are public.
 */
export function registerImpressumRoutes(app: App, impressum: Impressum, privacy: PrivacyNotice): void {
  app.get(
    '/api/impressum',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: impressumSchema } } },
    () => impressum,
  );
  app.get(
    '/api/privacy',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: privacyNoticeSchema } } },
    () => privacy,
  );
}
