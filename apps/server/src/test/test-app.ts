import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Role } from '@bauakte/domain';
import { loadConfig, type Config } from '../config';
import { buildApp, type AppDeps, type BuiltApp } from '../app';
import { migrateToLatest, openDatabase, type DatabaseHandle, type DatabaseOptions, type DialectName } from '../platform/db/database';
import { hashPassword } from '../platform/auth/password';
import { createUserRepository } from '../platform/db/users-repository';
import type { NewUserRow } from '../platform/db/schema';
import { createObjectStore } from '../platform/storage/create-store';
import type { ObjectStore } from '../platform/storage/object-store';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Every integration test runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDialects: DialectName[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * Per-user budgets far above what a test does, for tests whose many calls by one user are about
 * something else (who may act, other limits). Passed explicitly; the budgets themselves are proven
 * in route-limits.test.ts.
 */
export const generousBudgets: Record<string, string> = {
  RATE_LIMIT_UPLOADS_PER_MINUTE: '100000',
  RATE_LIMIT_EXPORTS_PER_MINUTE: '100000',
  RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: '100000',
  RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
  RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '100000',
};

export const testJwtSecret = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestContext extends BuiltApp {
  database: DatabaseHandle;
  /** The store project files go to (DATA_DIR/files, or S3 when the env names a bucket). */
  objectStore: ObjectStore;
  config: Config;
  dataDir: string;
  createUser(user: Partial<NewUserRow> & { username: string; password?: string; role?: Role }): Promise<number>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A connection of the test's own to TEST_DATABASE_URL (or `url`). The database may end it (a restart,
 * pg_terminate_backend): node-pg then emits 'error' on the client, which unheard fails the whole test
 * run as an unhandled error; heard, only a later query on this connection fails.
 */
export async function connectPostgres(url = postgresUrl): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** One connection to TEST_DATABASE_URL for the work, closed afterwards. */
export async function withPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectPostgres();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database (SQLite in memory, or its own PostgreSQL schema), migrated, with the app on top. */
export async function openTestDatabase(
  dialect: DialectName,
  onQuery?: DatabaseOptions['onQuery'],
): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const listening = onQuery ? { onQuery } : {};
  if (dialect === 'sqlite') {
    const database = openDatabase({ sqliteFile: ':memory:', ...listening });
    await migrateToLatest(database.db);
    return { database, drop: async () => {} };
  }
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  await withPostgres((client) => client.query(`create schema ${schema}`));
  const database = openDatabase({ databaseUrl: postgresUrl, postgresSchema: schema, ...listening });
  await migrateToLatest(database.db);
  return { database, drop: () => withPostgres((client) => client.query(`drop schema ${schema} cascade`)).then(() => {}) };
}

/**
 * What every test app runs with. The export and preview processes at normal priority: at idle they
 * would get no CPU at all while other work holds the machine's cores, and the tests would wait for
 * them in vain (their idle priority has its own test, process-pool.test.ts).
 */
export const testEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  WORKER_PRIORITY: 'normal',
});

/** Instances of the app in one process, on one fresh PostgreSQL schema (each with its own LISTEN connection). */
export interface SharedInstances {
  instances: BuiltApp[];
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function startInstancesOnPostgres(count: number, options: { listen?: boolean; env?: Record<string, string> } = {}): Promise<SharedInstances> {
  const { database, drop } = await openTestDatabase('postgres');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-instances-'));
  const config = loadConfig({ ...testEnv(dataDir), ...options.env });
  const instances: BuiltApp[] = [];
  for (let index = 0; index < count; index += 1) instances.push(await buildApp({ config, database, jwtSecret: testJwtSecret, logger: false }));
  await Promise.all(instances.map(({ app }) => (options.listen ? app.listen({ port: 0, host: '127.0.0.1' }) : app.ready())));
  return {
    instances,
    database,
    async close() {
      for (const { app } of instances) await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestContext(
  dialect: DialectName,
  options: {
    env?: Record<string, string>;
    logger?: AppDeps['logger'];
    background?: AppDeps['background'];
    mailQueueTiming?: AppDeps['mailQueueTiming'];
    extend?: (app: BuiltApp['app']) => void;
    /** Sees every statement the app runs (the query-plan test). */
    onQuery?: DatabaseOptions['onQuery'];
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-test-'));
  const config = loadConfig({ ...testEnv(dataDir), ...options.env });
  const { database, drop } = await openTestDatabase(dialect, options.onQuery);
  const objectStore = createObjectStore(config);
  const built = await buildApp({
    config,
    database,
    jwtSecret: testJwtSecret,
    logger: options.logger ?? false,
    background: options.background,
    store: objectStore,
    mailQueueTiming: options.mailQueueTiming,
  });
  options.extend?.(built.app);
  await built.app.ready();
  const users = createUserRepository(database.db);

  return {
    ...built,
    database,
    objectStore,
    config,
    dataDir,
    async createUser({ password, role = 'ARCHI', ...user }) {
      const now = new Date().toISOString();
      return users.insert({
        role,
        status: password ? 'ACTIVE' : 'INVITED',
        passwordHash: password ? await hashPassword(password) : null,
        createdAt: now,
        updatedAt: now,
        ...user,
      });
    },
    async login(username, password) {
      const response = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
      if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.statusCode} ${response.body}`);
      return response.json<{ token: string }>().token;
    },
    async close() {
      await built.app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the work after the answers is done and every mail it queued has been handed over. */
export async function mailsDelivered(app: Pick<BuiltApp, 'background' | 'mailQueue'>): Promise<void> {
  await app.background.drained();
  await app.mailQueue.idle();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
