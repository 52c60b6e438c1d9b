import { impressumSchema, type Impressum } from '@bauakte/domain';
import type { App } from '../../platform/http/types';

/** The legal notice must be reachable without an account (ECG § 5), so this route is public. */
export function registerImpressumRoutes(app: App, impressum: Impressum): void {
  app.get(
    '/api/impressum',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: impressumSchema } } },
    () => impressum,
  );
}
