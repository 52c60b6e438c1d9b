import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './platform/db/database';
import { createAccessPolicy } from './platform/access/access';
import { createAccessRepository } from './platform/access/repository';
import { createSessionRepository } from './platform/auth/repository';
import { createSessionService, type SessionService } from './platform/auth/sessions';
import { createTokenService } from './platform/auth/tokens';
import { installAuthentication } from './platform/auth/plugin';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { createThrottleRepository } from './platform/rate-limit/repository';
import { createAttemptLimiter } from './platform/rate-limit/attempt-limiter';
import { registerErrorHandling } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerApiDocs } from './platform/http/api-docs';
import { registerSpa } from './platform/http/spa';
import { loggerOptions } from './platform/http/logger';
import { recordApiRoutes, type ApiRoute } from './platform/http/route-catalogue';
import type { App } from './platform/http/types';
import { createUserRepository } from './modules/users/repository';
import { createAuthService, loginAttemptRules } from './modules/auth/service';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerImpressumRoutes } from './modules/impressum/routes';
import { createAccountTokenRepository } from './modules/accounts/repository';
import { createInvitationService } from './modules/accounts/invitation-service';
import { createRegistrationService } from './modules/accounts/registration-service';
import { createPasswordResetService, resetRequestRules } from './modules/accounts/password-reset-service';
import { createResendService } from './modules/accounts/resend-service';
import { registerAccountRoutes } from './modules/accounts/routes';
import { createTeamRepository } from './modules/admin/repository';
import { createAdminService } from './modules/admin/service';
import { registerAdminRoutes } from './modules/admin/routes';
import { createProfileService } from './modules/profile/service';
import { registerProfileRoutes } from './modules/profile/routes';
import { createFormNoticeRepository, createNotificationSettingsRepository } from './modules/notifications/repository';
import { createFormNoticeService } from './modules/notifications/form-notices';
import { createNotificationSettingsService } from './modules/notifications/service';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { createCustomerRepository } from './modules/customers/repository';
import { createCustomerService } from './modules/customers/service';
import { registerCustomerRoutes } from './modules/customers/routes';
import { createProjectRepository } from './modules/projects/repository';
import { createProjectService } from './modules/projects/service';
import { registerProjectRoutes } from './modules/projects/routes';
import { createDashboardLayoutRepository } from './modules/dashboard/repository';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { createQuestionnaireRepository } from './modules/questionnaire/repository';
import { createQuestionnaireService } from './modules/questionnaire/service';
import { registerQuestionnaireRoutes } from './modules/questionnaire/routes';
import packageJson from '../package.json' with { type: 'json' };

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  /** Tests pass false or their own logger; the server logs as the config says. */
  logger?: FastifyServerOptions['logger'];
}

export interface BuiltApp {
  app: App;
  /** Every /api route, for the access-matrix test. */
  apiRoutes: ApiRoute[];
  sessions: SessionService;
  mailer: Mailer;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The composition root: every platform service and module, wired once. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const { db } = database;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config.publicUrl);

  const sessions = createSessionService({
    repository: createSessionRepository(db),
    tokens: createTokenService(deps.jwtSecret),
    sessionHours: config.sessionHours,
  });
  const apiRoutes = recordApiRoutes(app);
  installAuthentication(app, sessions);
  await registerApiDocs(app, packageJson.version);

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  const access = createAccessPolicy(createAccessRepository(db));
  const users = createUserRepository(db);
  const throttle = createThrottleRepository(db);
  const accountTokens = createAccountTokenRepository(db);
  const invitations = createInvitationService({ tokens: accountTokens, mailer, publicUrl: config.publicUrl });

  registerHealthRoutes(app, { db, version: packageJson.version });
  registerImpressumRoutes(app, config.impressum);
  registerAuthRoutes(app, createAuthService({ users, sessions, limiter: createAttemptLimiter(throttle, loginAttemptRules) }));
  registerAccountRoutes(app, {
    registration: createRegistrationService({ users, tokens: accountTokens }),
    passwordReset: createPasswordResetService({
      users,
      tokens: accountTokens,
      sessions,
      mailer,
      limiter: createAttemptLimiter(throttle, resetRequestRules),
      publicUrl: config.publicUrl,
      log: app.log,
    }),
    resend: createResendService({ users, access, invitations }),
  });
  registerAdminRoutes(app, createAdminService({ db, users, teams: createTeamRepository(db), invitations }));
  registerProfileRoutes(app, createProfileService({ users, access, sessions }));
  const notificationSettings = createNotificationSettingsService({ settings: createNotificationSettingsRepository(db) });
  registerNotificationRoutes(app, notificationSettings);
  registerCustomerRoutes(app, createCustomerService({ users, customers: createCustomerRepository(db), access, invitations }));
  const projects = createProjectRepository(db);
  registerProjectRoutes(app, createProjectService({ projects, users, access }));
  const notices = createFormNoticeService({
    users,
    notices: createFormNoticeRepository(db),
    settingsOf: notificationSettings.settingsOf,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  registerQuestionnaireRoutes(app, createQuestionnaireService({ answers: createQuestionnaireRepository(db), projects, access, notices }));
  registerDashboardRoutes(app, createDashboardLayoutRepository(db));

  await registerSpa(app, config.webDistDir ?? defaultWebDist);
  return { app, apiRoutes, sessions, mailer };
}
