import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './platform/db/database';
import { createDataLayer, type DataLayer } from './platform/db/repositories';
import { createAccessPolicy } from './platform/access/access';
import { createTeamScopeCache } from './platform/access/team-scope-cache';
import { createFanoutCache } from './platform/live/fanout-cache';
import { createSessionService, type SessionService } from './platform/auth/sessions';
import { createTokenService } from './platform/auth/tokens';
import { installAuthentication } from './platform/auth/plugin';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { createMailQueue, defaultMailQueueTiming, type MailQueue, type MailQueueTiming } from './platform/mail/mail-queue';
import { createAttemptLimiter } from './platform/rate-limit/attempt-limiter';
import { createRouteLimits } from './platform/rate-limit/route-limits';
import { registerErrorHandling } from './platform/http/error-handler';
import { inlineScriptHashes } from './platform/http/inline-scripts';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerApiDocs } from './platform/http/api-docs';
import { registerSpa } from './platform/http/spa';
import { registerJsonBodies } from './platform/http/request-body';
import { createBackgroundTasks, type BackgroundTasks } from './platform/background';
import { createMetrics } from './platform/metrics/metrics';
import { loggerOptions } from './platform/http/logger';
import { recordApiRoutes, type ApiRoute } from './platform/http/route-catalogue';
import type { App } from './platform/http/types';
import { createAuthService } from './modules/auth/service';
import { loginAttemptRules } from './platform/auth/login-attempts';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { privacyNoticeOf, registerImpressumRoutes } from './modules/impressum/routes';
import { createInvitationService } from './modules/accounts/invitation-service';
import { createRegistrationService } from './modules/accounts/registration-service';
import { createPasswordResetService, resetRequestRules } from './modules/accounts/password-reset-service';
import { createResendService } from './modules/accounts/resend-service';
import { registerAccountRoutes } from './modules/accounts/routes';
import { createAdminService } from './modules/admin/service';
import { registerAdminRoutes } from './modules/admin/routes';
import { createProfileService } from './modules/profile/service';
import { registerProfileRoutes } from './modules/profile/routes';
import { createFormNoticeService } from './modules/notifications/form-notices';
import { createNotificationSettingsService } from './modules/notifications/service';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { createCustomerService } from './modules/customers/service';
import { registerCustomerRoutes } from './modules/customers/routes';
import { createProjectService } from './modules/projects/service';
import { registerProjectRoutes } from './modules/projects/routes';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { createQuestionnaireService } from './modules/questionnaire/service';
import { registerQuestionnaireRoutes } from './modules/questionnaire/routes';
import multipart from '@fastify/multipart';
import { createFileService, type FileService } from './modules/files/service';
import { registerFileRoutes } from './modules/files/routes';
import { createObjectStore } from './platform/storage/create-store';
import type { ObjectStore } from './platform/storage/object-store';
import { createSignedLinks } from './platform/storage/signed-links';
import { createExportService, exportMailRules } from './modules/export/service';
import { createPdfRenderer } from './modules/export/pdf/pdf-renderer';
import { registerExportRoutes } from './modules/export/routes';
import { createChatService, type ChatService } from './modules/chat/service';
import { registerChatRoutes } from './modules/chat/routes';
import { createChatLive } from './modules/chat/live';
import { createBroker, type Broker } from './platform/live/broker';
import { createInProcessFanout, createPostgresFanout, type Fanout } from './platform/live/fanout';
import { createPresence, type Presence } from './platform/live/presence';
import { createJobQueue } from './platform/jobs/job-queue';
import { configureImageDecoding, maxWaitingThumbnails } from './platform/images/image-decoding';
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
const bodyLimit = 1024 * 1024;

/** The composition root: every platform service and module, wired once. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const { db } = database;
  const data = createDataLayer(database);
  const { repos } = data;
  configureImageDecoding();
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel, config.logFormat),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const webDist = config.webDistDir ?? defaultWebDist;
  registerSecurityHeaders(app, config.publicUrl, inlineScriptHashes(webDist));
  registerJsonBodies(app, bodyLimit);

  // A restart of PostgreSQL ends every pooled connection: the requests on them answer 503, the rest
  // get new connections once it is back.
  database.onConnectionLost((error) => app.log.warn({ reason: (error as NodeJS.ErrnoException).code ?? error.message }, 'database connection lost'));

  // With PostgreSQL, instances tell each other through LISTEN/NOTIFY: ended sessions and chat events.
  const fanout = database.postgres ? await createPostgresFanout({ ...database.postgres, log: app.log }) : createInProcessFanout();
  app.addHook('onClose', () => fanout.close());
  const sessions = createSessionService({
    repository: repos.sessions,
    tokens: createTokenService(deps.jwtSecret),
    sessionHours: config.sessionHours,
    idleMinutes: config.sessionIdleMinutes,
    cacheSeconds: config.sessionCacheSeconds,
    fanout,
  });
  const apiRoutes = recordApiRoutes(app);
  installAuthentication(app, sessions);
  const { throttle } = repos;
  // The expensive routes name their per-user budget; charged once the caller is known.
  const routeLimits = createRouteLimits(throttle, config.perUserPerMinute);
  routeLimits.install(app);
  await registerApiDocs(app, packageJson.version);

  const metrics = createMetrics(config.metricsToken);
  metrics.install(app);
  const background = deps.background ?? createBackgroundTasks(app.log);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
    metrics: metrics.reporter,
  });
  const mailQueue = createMailQueue({
    outbox: repos.mailOutbox,
    transport: mailer,
    log: app.log,
    maxUnsent: config.mailQueueMax,
    timing: { ...defaultMailQueueTiming(config.mailRetryMaxHours), ...deps.mailQueueTiming },
  });
  app.addHook('onReady', async () => mailQueue.start());
  app.addHook('onClose', () => mailQueue.stop());
  // Team memberships are read briefly from memory, as verified sessions are (the same lifetime).
  const teamScopes = createTeamScopeCache({
    ttlMs: config.sessionCacheSeconds * 1000,
    maxEntries: 10_000,
    fanout,
    onNoticeFailed: (error) => app.log.warn({ err: error }, 'teams: change notice failed'),
  });
  const access = createAccessPolicy(repos.access, teamScopes);
  const loginLimiter = createAttemptLimiter(throttle, loginAttemptRules);
  const invitations = createInvitationService({ data, mails: mailQueue, publicUrl: config.publicUrl });

  const store = deps.store ?? createObjectStore(config);
  registerHealthRoutes(app, { db, store, version: packageJson.version });
  registerImpressumRoutes(app, config.impressum, privacyNoticeOf(config.impressum, config.privacy));
  registerAuthRoutes(app, { auth: createAuthService({ data, sessions, limiter: loginLimiter }), access });
  registerAccountRoutes(app, {
    registration: createRegistrationService({ data }),
    passwordReset: createPasswordResetService({
      data,
      sessions,
      mails: mailQueue,
      limiter: createAttemptLimiter(throttle, resetRequestRules),
      background,
      publicUrl: config.publicUrl,
    }),
    resend: createResendService({ invitations }),
    access,
  });
  registerAdminRoutes(app, createAdminService({ data, invitations, mails: mailQueue, teamsChanged: teamScopes.teamsChanged }));
  registerProfileRoutes(app, { profiles: createProfileService({ data, limiter: loginLimiter, mails: mailQueue, sessions }), access });
  const notificationSettings = createNotificationSettingsService({
    data,
    cache: createFanoutCache({
      ttlMs: config.sessionCacheSeconds * 1000,
      maxEntries: 10_000,
      fanout,
      event: 'notification-settings-changed',
      onNoticeFailed: (error) => app.log.warn({ err: error }, 'notification settings: change notice failed'),
    }),
  });
  registerNotificationRoutes(app, { notifications: notificationSettings, access });
  registerCustomerRoutes(app, {
    customers: createCustomerService({ data, access, invitations }),
    access,
  });
  const files = createFileService({
    data,
    store,
    links: createSignedLinks(deps.jwtSecret),
    access,
    maxBytes: config.uploadMaxBytes,
    thumbnails: {
      maxDecodedBytes: config.imageMaxDecodedBytes,
      queue: createJobQueue({ concurrency: config.thumbnailConcurrency, maxWaiting: maxWaitingThumbnails }),
    },
    log: app.log,
    metrics: metrics.reporter,
  });
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12, headerPairs: 100 },
  });
  registerFileRoutes(app, { files, access, maxBytes: config.uploadMaxBytes });
  registerProjectRoutes(app, { projects: createProjectService({ data, access, files }), access });
  const pdfRenderer = createPdfRenderer({
    log: app.log,
    processes: config.export.maxConcurrent,
    maxQueue: config.export.maxQueued,
    timeoutMs: config.export.timeLimitSeconds * 1000,
    maxHeapMb: config.export.heapLimitMb,
  });
  app.addHook('onClose', () => pdfRenderer.close());
  const exports = createExportService({
    data,
    files,
    pdf: pdfRenderer,
    mailer,
    limiter: createAttemptLimiter(throttle, exportMailRules),
    publicUrl: config.publicUrl,
    storeConfig: { s3: config.s3, dataDir: config.dataDir },
  });
  registerExportRoutes(app, { exports, access });
  const notices = createFormNoticeService({
    data,
    settingsOf: notificationSettings.settingsOf,
    mails: mailQueue,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  registerQuestionnaireRoutes(app, {
    questionnaire: createQuestionnaireService({ data, notices, background }),
    access,
  });
  registerDashboardRoutes(app, repos.dashboardLayouts);

  // Chat: REST and the live channel at /ws.
  const presence = createPresence(fanout);
  const chat = createChatService({
    data,
    access,
    fanout,
    presence,
    settingsOf: notificationSettings.settingsOf,
    mails: mailQueue,
    background,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  registerChatRoutes(app, { chat, access });
  const live = createChatLive({ chat, access, fanout, presence, limits: routeLimits });
  const broker = createBroker({ server: app.server, sessions, presence, hooks: live.hooks, limits: config.live, metrics: metrics.reporter, log: app.log });
  live.attach(broker);
  metrics.reporter.watchLive({ connections: () => broker.connectionCount(), subscriptions: () => broker.subscriptionCount(), bufferedBytes: () => broker.bufferedBytes() });
  app.addHook('preClose', async () => {
    await broker.close();
    presence.close();
  });

  await registerSpa(app, webDist);
  return { app, data, apiRoutes, sessions, mailer, mailQueue, background, files, store, chat, broker, presence, fanout };
}
