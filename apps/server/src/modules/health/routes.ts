import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  healthResponseSchema, notReadyResponseSchema, readinessCheckNames, readinessMessages, readyResponseSchema, type ReadinessCheckName,
} from '@bauakte/domain';
import { checkDatabase, pendingMigrations, type Db } from '../../platform/db/database';
import type { App } from '../../platform/http/types';
import { healthProbePrefix, type ObjectStore } from '../../platform/storage/object-store';

/** A check that takes longer than this has failed: a probe must answer before the prober gives up. */
const checkTimeoutMs = 3_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkMigrations(db: Db): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) throw new Error(`pending migrations: ${pending.join(', ')}`);
}

/** A small object written and removed under a prefix no listing of project files looks at. */
async function checkStorage(store: ObjectStore): Promise<void> {
  const key = `${healthProbePrefix}${randomUUID()}`;
  await store.put(key, Readable.from([Buffer.from('ready')]), 'text/plain');
  await store.delete(key);
}

export function registerHealthRoutes(app: App, deps: { db: Db; store: ObjectStore; version: string }): void {
  // Liveness: answers while the process runs. A database outage is a reason to take instances out of
  // the load balancer (/api/ready), not to restart them all at once, so it does not fail this.
  app.get(
    '/api/health',
    // Load balancers ask every few seconds: only a failing check is worth a log line.
    { config: { public: true }, logLevel: 'warn', schema: { tags: ['system'], response: { 200: healthResponseSchema } } },
    async () => {
      const database = await withTimeout(checkDatabase(deps.db), checkTimeoutMs).then(
        () => 'ok' as const,
        () => 'unavailable' as const,
      );
      return { status: 'ok' as const, database, version: deps.version };
    },
  );

  const checks: Record<ReadinessCheckName, () => Promise<void>> = {
    database: () => checkDatabase(deps.db),
    migrations: () => checkMigrations(deps.db),
    storage: () => checkStorage(deps.store),
  };

  app.get(
    '/api/ready',
    { config: { public: true }, logLevel: 'warn', schema: { tags: ['system'], response: { 200: readyResponseSchema, 503: notReadyResponseSchema } } },
    async (request, reply) => {
      const outcomes = await Promise.all(
        readinessCheckNames.map(async (name) => {
          try {
            await withTimeout(checks[name](), checkTimeoutMs);
            return { name, error: undefined };
          } catch (error) {
            return { name, error: error instanceof Error ? error : new Error(String(error)) };
          }
        }),
      );
      const failed = outcomes.filter((outcome) => outcome.error !== undefined);
      if (failed.length === 0) {
        return { status: 'ready' as const, checks: { database: 'ok' as const, migrations: 'ok' as const, storage: 'ok' as const } };
      }
      request.log.warn({ failed: Object.fromEntries(failed.map(({ name, error }) => [name, error?.message])) }, 'not ready');
      const state = (name: ReadinessCheckName) => (failed.some((outcome) => outcome.name === name) ? ('failed' as const) : ('ok' as const));
      return reply.status(503).send({
        status: 'not-ready' as const,
        message: failed.map(({ name }) => readinessMessages[name]).join(' '),
        code: 'SERVICE_UNAVAILABLE' as const,
        checks: { database: state('database'), migrations: state('migrations'), storage: state('storage') },
      });
    },
  );
}
