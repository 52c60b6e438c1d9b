import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './platform/db/database';
import type { DataLayer } from './platform/db/repositories';
import { createPlatform } from './platform/compose';
import { openDataLayer } from './data-layer';
import type { SessionService } from './platform/auth/sessions';
import type { BackgroundTasks } from './platform/background';
import { registerSpa } from './platform/http/spa';
import type { ApiRoute } from './platform/http/route-catalogue';
import type { App } from './platform/http/types';
import type { Broker } from './platform/live/broker';
import type { Fanout } from './platform/live/fanout';
import type { Presence } from './platform/live/presence';
import type { Mailer } from './platform/mail/mailer';
import type { MailQueue, MailQueueTiming } from './platform/mail/mail-queue';
import type { ObjectStore } from './platform/storage/object-store';
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
import { registerProfileModule } from './modules/profile/module';
import { registerProjectsModule } from './modules/projects/module';
import { registerQuestionnaireModule } from './modules/questionnaire/module';
import packageJson from '../package.json' with { type: 'json' };

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  /** Tests pass false or their own logger; the server logs as the config says. */
  logger?: FastifyServerOptions['logger'];
  /** Work after the answer (tests pass one they can inspect); by default run right after each request. */
  background?: BackgroundTasks;
  /** Where project files live; by default as the configuration says (S3_BUCKET or DATA_DIR/files). */
  store?: ObjectStore;
  /** The mail queue's waits (tests shorten them); by default a minute's first retry, up to MAIL_RETRY_MAX_HOURS. */
  mailQueueTiming?: Partial<MailQueueTiming>;
}

export interface BuiltApp {
  app: App;
  /** The repositories and the unit of work every service reaches the database through. */
  data: DataLayer;
  /** Every /api route, for the access-matrix test. */
  apiRoutes: ApiRoute[];
  sessions: SessionService;
  /** Hands a mail over at once (the export's mail; everything else goes through mailQueue). */
  mailer: Mailer;
  mailQueue: MailQueue;
  background: BackgroundTasks;
  files: FileService;
  /** Where project files live (the demo seeder writes its sample files there). */
  store: ObjectStore;
  chat: ChatService;
  broker: Broker;
  presence: Presence;
  fanout: Fanout;
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
  const { settingsOf, notices } = registerNotificationsModule(platform);
  registerCustomersModule(platform, { invitations });
  const files = await registerFilesModule(platform);
  registerProjectsModule(platform, { files });
  registerExportModule(platform, { files });
  registerQuestionnaireModule(platform, { notices });
  registerDashboardModule(platform);
  const { chat, broker, presence } = registerChatModule(platform, { settingsOf });

  await registerSpa(platform.app, webDist);
  const { app, data, apiRoutes, sessions, mailer, mailQueue, background, store, fanout } = platform;
  return { app, data, apiRoutes, sessions, mailer, mailQueue, background, files, store, chat, broker, presence, fanout };
}
