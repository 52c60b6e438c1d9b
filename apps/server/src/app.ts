import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './platform/db/database';
import { createSessionRepository } from './platform/auth/repository';
import { createSessionService, type SessionService } from './platform/auth/sessions';
import { createTokenService } from './platform/auth/tokens';
import { installAuthentication } from './platform/auth/plugin';
import { createThrottleRepository } from './platform/rate-limit/repository';
import { createAttemptLimiter } from './platform/rate-limit/attempt-limiter';
import { registerErrorHandling } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerApiDocs } from './platform/http/api-docs';
import { registerSpa } from './platform/http/spa';
import { loggerOptions } from './platform/http/logger';
import type { App } from './platform/http/types';
import { createUserRepository } from './modules/users/repository';
import { createAuthService, loginAttemptRules } from './modules/auth/service';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerImpressumRoutes } from './modules/impressum/routes';
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
  sessions: SessionService;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.publicUrl);

  const sessions = createSessionService({
    repository: createSessionRepository(database.db),
    tokens: createTokenService(deps.jwtSecret),
    sessionHours: config.sessionHours,
  });
  installAuthentication(app, sessions);
  await registerApiDocs(app, packageJson.version);

  const users = createUserRepository(database.db);
  const limiter = createAttemptLimiter(createThrottleRepository(database.db), loginAttemptRules);
  registerHealthRoutes(app, { db: database.db, version: packageJson.version });
  registerImpressumRoutes(app, config.impressum);
  registerAuthRoutes(app, createAuthService({ users, sessions, limiter }));

  await registerSpa(app, config.webDistDir ?? defaultWebDist);
  return { app, sessions };
}
