import { healthResponseSchema, serverMessages } from '@bauakte/domain';
import { AppError } from '../../platform/errors';
import { checkDatabase, type Db } from '../../platform/db/database';
import type { App } from '../../platform/http/types';

export function registerHealthRoutes(app: App, deps: { db: Db; version: string }): void {
  app.get(
    '/api/health',
    // Load balancers ask every few seconds: only a failing check is worth a log line.
    { config: { public: true }, logLevel: 'warn', schema: { tags: ['system'], response: { 200: healthResponseSchema } } },
    async () => {
      try {
        await checkDatabase(deps.db);
      } catch {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', serverMessages.serviceUnavailable);
      }
      return { status: 'ok' as const, database: 'ok' as const, version: deps.version };
    },
  );
}
