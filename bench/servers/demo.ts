// The real app (buildApp) on the demo installation: SQLite in a temporary DATA_DIR, or
// PostgreSQL in a schema of its own with BENCH_DATABASE_URL. BENCH_DEMO_SCALE picks the size (1 = the
// full installation). Prints its port, the seeding time and who can log in, for bench/workload.ts;
// with BENCH_STATEMENTS=1, the statements that took the most database time, when it stops. With
// BENCH_DEMO_JOIN=<schema> (PostgreSQL) it is one more instance on a schema another one seeded: it
// neither seeds nor drops it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CompiledQuery } from 'kysely';
import { onPostgres } from './on-postgres';
import { createStatementTimes } from './statement-times';
import { loadConfig } from '../../apps/server/src/config';
import { unspentBudgets } from './budgets';
import { buildApp } from '../../apps/server/src/app';
import { migrateToLatest, openDatabase } from '../../apps/server/src/platform/db/database';
import { seedDemo } from '../../apps/server/src/modules/demo/seed-demo';
import { openDataLayer } from '../../apps/server/src/data-layer';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-workload-'));
const postgresUrl = process.env.BENCH_DATABASE_URL;
const joined = postgresUrl ? process.env.BENCH_DEMO_JOIN : undefined;
const schema = postgresUrl ? (joined ?? `bench_workload_${process.pid}`) : undefined;
if (schema && !joined) await onPostgres(postgresUrl, `create schema ${schema}`);
// BENCH_METRICS_TOKEN: /metrics answers with it (bench/abuse.ts reads the live channel's refusals there).
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN,
  ...unspentBudgets,
});
const statementTimes = process.env.BENCH_STATEMENTS === '1' ? createStatementTimes() : undefined;
const database = openDatabase({
  databaseUrl: postgresUrl,
  postgresSchema: schema,
  postgresPoolSize: config.databasePoolSize,
  sqliteFile: path.join(dataDir, 'app.db'),
  ...(statementTimes ? { onQuery: (query: CompiledQuery, milliseconds?: number) => statementTimes.record(query, milliseconds) } : {}),
});
await migrateToLatest(database.db);
const { app, store } = await buildApp({ config, database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0000', logger: false });
const summary = joined ? { seconds: 0, counts: {}, architects: [] } : await seedDemo(openDataLayer(database), { scale: Number(process.env.BENCH_DEMO_SCALE ?? 1), store });
// Clients with at least one project, in a fixed order: the simulated clients are taken from the front.
const clients = await database.db
  .selectFrom('users')
  .select('username')
  .where('role', '=', 'CLIENT')
  .where((eb) => eb.exists(eb.selectFrom('projects').select('projects.id').whereRef('projects.assignedUserId', '=', 'users.id')))
  .orderBy('id')
  .execute();
// How long the event loop was held up (a synchronous SQLite commit or checkpoint, a large answer), reported at the end.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
await app.listen({ port: 0, host: '127.0.0.1' });
statementTimes?.start();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, schema, seedSeconds: summary.seconds, counts: summary.counts, architects: summary.architects, clients: clients.map((row) => row.username) })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (async () => {
      const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(0);
      process.stderr.write(`demo server (scale ${process.env.BENCH_DEMO_SCALE ?? 1}): event loop delay p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms\n`);
      for (const line of statementTimes?.report(`statements (scale ${process.env.BENCH_DEMO_SCALE ?? 1}):`) ?? []) process.stderr.write(`${line}\n`);
      await app.close();
      await database.close();
      if (schema && !joined) await onPostgres(postgresUrl, `drop schema ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}
