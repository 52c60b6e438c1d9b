import { fileURLToPath } from 'node:url';
import { createPlatform, type Platform, type PlatformDeps } from './platform/compose';
import { openDataLayer } from './data-layer';
import { registerSpa } from './platform/http/spa';
import type { Broker } from './platform/live/broker';
import type { Presence } from './platform/live/presence';
import { registerAccountsModule } from './modules/accounts/module';
import { registerAdminModule } from './modules/admin/module';
import { registerAuthModule } from './modules/auth/module';
import { registerChatModule } from './modules/chat/module';
import type { ChatService } from './modules/chat/service';
import { registerCustomersModule } from './modules/customers/module';
import { registerDashboardModule } from './modules/dashboard/module';
import { registerExportModule } from './modules/export/module';
import { registerFilesModule } from './modules/files/module';
import type { FileService } from './modules/files/service';
import { registerHealthModule } from './modules/health/module';
import { registerImpressumModule } from './modules/impressum/module';
import { registerNotificationsModule } from './modules/notifications/module';
import type { ItemNoticeService } from './modules/notifications/item-notices';
import { registerProfileModule } from './modules/profile/module';
import { registerPinsModule } from './modules/pins/module';
import { registerProjectsModule } from './modules/projects/module';
import { followUpItemOf, registerQuestionnaireModule } from './modules/questionnaire/module';
import packageJson from '../package.json' with { type: 'json' };

/** What the app is built from: the configuration, the database and the secret; tests replace a few parts. */
export type AppDeps = Omit<PlatformDeps, 'data' | 'version' | 'webDist'>;

/** The app and what tests, the demo seeder and the benchmarks reach into. */
export interface BuiltApp
  extends Pick<Platform, 'app' | 'data' | 'apiRoutes' | 'sessions' | 'mailer' | 'mailQueue' | 'background' | 'store' | 'fanout'> {
  files: FileService;
  chat: ChatService;
  broker: Broker;
  presence: Presence;
  /** The reminders of items due tomorrow, which main.ts sends in rounds. */
  itemNotices: ItemNoticeService;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The composition root: the platform, then each module with what it needs of the others. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const webDist = deps.config.webDistDir ?? defaultWebDist;
  const platform = await createPlatform({ ...deps, data: openDataLayer(deps.database), version: packageJson.version, webDist });
  registerHealthModule(platform);
  registerImpressumModule(platform);
  registerAuthModule(platform);
  const { invitations } = registerAccountsModule(platform);
  registerAdminModule(platform, { invitations });
  registerProfileModule(platform);
  const { settingsOf, notices, planNotices, itemNotices } = registerNotificationsModule(platform);
  registerCustomersModule(platform, { invitations });
  const files = await registerFilesModule(platform, { planNotices });
  registerProjectsModule(platform, { files });
  const { pins, openItems, announceOpenItems } = registerPinsModule(platform, { planNotices, itemNotices, followUpOf: followUpItemOf, discardObjects: (keys) => files.discardObjects(keys) });
  registerExportModule(platform, { files, pins, openItems });
  registerQuestionnaireModule(platform, { notices, announceOpenItems });
  registerDashboardModule(platform);
  const { chat, broker, presence } = registerChatModule(platform, { settingsOf });

  await registerSpa(platform.app, webDist);
  const { app, data, apiRoutes, sessions, mailer, mailQueue, background, store, fanout } = platform;
  return { app, data, apiRoutes, sessions, mailer, mailQueue, background, files, store, chat, broker, presence, fanout, itemNotices };
}
