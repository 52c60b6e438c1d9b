import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { createAccessPolicy, type AccessPolicy } from './access/access';
import { installRouteAccess } from './access/route-access';
import { createTeamScopeCache } from './access/team-scope-cache';
import { loginAttemptRules } from './auth/login-attempts';
import { installAuthentication } from './auth/plugin';
import { createSessionService, type SessionService } from './auth/sessions';
import { createTokenService } from './auth/tokens';
import { createBackgroundTasks, type BackgroundTasks } from './background';
import type { DatabaseHandle } from './db/database';
import type { DataLayer } from './db/repositories';
import { registerApiDocs } from './http/api-docs';
import { registerErrorHandling } from './http/error-handler';
import { inlineScriptHashes } from './http/inline-scripts';
import { loggerOptions } from './http/logger';
import { registerJsonBodies } from './http/request-body';
import { recordApiRoutes, type ApiRoute } from './http/route-catalogue';
import { registerSecurityHeaders } from './http/security-headers';
import type { App } from './http/types';
import { configureImageDecoding } from './images/image-decoding';
import { createAccessChangeNotice, type AccessChange } from './live/access-recheck';
import { createInProcessFanout, createPostgresFanout, type Fanout } from './fanout/fanout';
import { createLiveTopics, type LiveTopics } from './live/topics';
import { createMailer, type Mailer } from './mail/mailer';
import { createMailQueue, defaultMailQueueTiming, type MailQueue, type MailQueueTiming } from './mail/mail-queue';
import { createMetrics, type MetricsReporter } from './metrics/metrics';
import { createAttemptLimiter, type AttemptLimiter } from './rate-limit/attempt-limiter';
import { createRouteLimits, type RouteLimits } from './rate-limit/route-limits';
import { createObjectStore } from './storage/create-store';
import type { ObjectStore } from './storage/object-store';
import { createSignedLinks, type SignedLinks } from './storage/signed-links';
import { createDeviceKeys, type DeviceKeys } from './auth/device-keys';

export interface PlatformDeps {
  config: Config;
  database: DatabaseHandle;
  /** The repositories and the unit of work, on `database`. */
  data: DataLayer;
  jwtSecret: string;
  /** The server's version (the API docs and /api/health show it). */
  version: string;
  /** Where the built web app lives (its inline scripts are allowed by hash). */
  webDist: string;
  /** Tests pass false or their own logger; the server logs as the config says. */
  logger?: FastifyServerOptions['logger'];
  /** Work after the answer (tests pass one they can inspect); by default run right after each request. */
  background?: BackgroundTasks;
  /** Where project files live; by default as the configuration says (S3_BUCKET or DATA_DIR/files). */
  store?: ObjectStore;
  /** The mail queue's waits (tests shorten them); by default a minute's first retry, up to MAIL_RETRY_MAX_HOURS. */
  mailQueueTiming?: Partial<MailQueueTiming>;
}

/** What every module builds on: the app with its request pipeline, and the shared services. */
export interface Platform {
  app: App;
  config: Config;
  database: DatabaseHandle;
  version: string;
  log: FastifyBaseLogger;
  /** The repositories and the unit of work every service reaches the database through. */
  data: DataLayer;
  /** Every /api route, for the access-matrix test. */
  apiRoutes: ApiRoute[];
  access: AccessPolicy;
  sessions: SessionService;
  /** Password guesses, counted alike by login and the profile's password check. */
  loginLimiter: AttemptLimiter;
  /** Teams changed: every instance forgets whom its architects work with (and rechecks live subscriptions). */
  teamsChanged: () => Promise<void>;
  /** A project or an account was deleted: every instance asks the access policy again about its live subscriptions. */
  accessChanged: (change?: AccessChange) => Promise<void>;
  routeLimits: RouteLimits;
  metrics: MetricsReporter;
  background: BackgroundTasks;
  /** Hands a mail over at once (the export's mail; everything else goes through mailQueue). */
  mailer: Mailer;
  mailQueue: MailQueue;
  store: ObjectStore;
  links: SignedLinks;
  /** The keys devices encrypt what they keep of a user with (derived from the server secret). */
  deviceKeys: DeviceKeys;
  fanout: Fanout;
  /** Live destinations modules announce changes on (ids only), besides the chat's own. */
  liveTopics: LiveTopics;
}

const bodyLimit = 1024 * 1024;

/**
 * The app and its request pipeline: security headers, JSON bodies, the caller from the token, the
 * roles and the object each route declares (before its body is validated), per-user budgets,
 * errors and metrics; and the services the modules share.
 */
export async function createPlatform(deps: PlatformDeps): Promise<Platform> {
  const { config, database, data } = deps;
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
  registerSecurityHeaders(app, config.publicUrl, inlineScriptHashes(deps.webDist));
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
    rememberDays: config.rememberedDeviceDays,
    cacheSeconds: config.sessionCacheSeconds,
    fanout,
  });
  const apiRoutes = recordApiRoutes(app);
  installAuthentication(app, sessions);
  // Team memberships are read briefly from memory, as verified sessions are (the same lifetime).
  const teamScopes = createTeamScopeCache({
    ttlMs: config.sessionCacheSeconds * 1000,
    maxEntries: 10_000,
    fanout,
    onNoticeFailed: (error) => app.log.warn({ err: error }, 'teams: change notice failed'),
  });
  const access = createAccessPolicy(repos.access, teamScopes);
  // After authentication: the caller is known when the route's roles and object are decided.
  installRouteAccess(app, access);
  // The expensive routes name their per-user budget; charged once the caller is known.
  const routeLimits = createRouteLimits(repos.throttle, config.perUserPerMinute);
  routeLimits.install(app);
  await registerApiDocs(app, deps.version);

  const metrics = createMetrics(config.metricsToken);
  metrics.install(app);
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

  return {
    app,
    config,
    database,
    version: deps.version,
    log: app.log,
    data,
    apiRoutes,
    access,
    sessions,
    loginLimiter: createAttemptLimiter(repos.throttle, loginAttemptRules),
    teamsChanged: teamScopes.teamsChanged,
    accessChanged: createAccessChangeNotice(fanout, (error) => app.log.warn({ err: error }, 'live channel: access change notice failed')),
    routeLimits,
    metrics: metrics.reporter,
    background: deps.background ?? createBackgroundTasks(app.log),
    mailer,
    mailQueue,
    store: deps.store ?? createObjectStore(config),
    links: createSignedLinks(deps.jwtSecret),
    deviceKeys: createDeviceKeys(deps.jwtSecret),
    fanout,
    liveTopics: createLiveTopics(fanout),
  };
}
