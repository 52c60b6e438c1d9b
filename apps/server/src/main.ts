import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openAndMigrate } from './platform/db/open';
import { refreshStatistics } from './platform/db/database';
import { ensureWritableDataDir } from './platform/data-dir';
import { resolveJwtSecret } from './platform/auth/secret';
import { ensureFirstAdmin } from './modules/auth/first-admin';
import { preparePasswordStrength } from '@bauakte/domain';
import { shutdownDeadlines, stopOnSignals, trackUnusedConnections } from './platform/http/shutdown';
import { serverLogOutput } from './platform/http/logger';
import { seedDemoIfEmpty } from './modules/demo/seed-demo';
import { reminderRoundMs } from './modules/notifications/item-notices';

function stop(problem: string): never {
  console.error(`Bauakte cannot start: ${problem}`);
  process.exit(1);
}

async function main(): Promise<void> {
  // A reader of the output that is gone (EPIPE) ends what is written there, not the server.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  // Everything this process writes (database, WAL, secret, outbox) is for the server's user only.
  process.umask(0o077);
  const config = loadConfig();
  ensureWritableDataDir(config.dataDir);
  const database = await openAndMigrate(config.databaseUrl, config.dataDir, config.databasePoolSize);
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  if (config.databaseUrl && !config.jwtSecret) {
    console.warn('JWT_SECRET is not set: several instances on one database need the same JWT_SECRET');
  }
  const { app, data, sessions, background, files, store, itemNotices } = await buildApp({ config, database, jwtSecret });
  await ensureFirstAdmin(data.repos.users, config.admin, app.log);
  if (config.demo) await seedDemoIfEmpty(data, store, app.log);
  // Loads the password dictionaries now, so no registration waits for them.
  await preparePasswordStrength();

  const pruneSessions = () => sessions.prune().catch((error: unknown) => app.log.error({ err: error }, 'pruning sessions failed'));
  // Remainders of killed uploads and failed deletes; an hour's grace for uploads other instances are finishing.
  const sweepFiles = (sweep: () => Promise<number>) =>
    sweep()
      .then((removed) => removed > 0 && app.log.info({ removed }, 'orphaned file objects removed'))
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping file objects failed'));
  const refreshPlannerStatistics = () => refreshStatistics(database.db, 'periodic').catch((error: unknown) => app.log.error({ err: error }, 'refreshing statistics failed'));
  void pruneSessions();
  void sweepFiles(() => files.sweepAtStart());
  // PDFs a stopped server left without their tile (each instance tries; the last one done wins).
  void files.resumePreviews().catch((error: unknown) => app.log.error({ err: error }, 'resuming pdf previews failed'));
  setInterval(() => Promise.all([pruneSessions(), sweepFiles(() => files.sweep()), refreshPlannerStatistics()]), 3_600_000).unref();
  // Items due tomorrow: their reminders' state is in the database, so each instance may look.
  const sendReminders = () => itemNotices.sendDueReminders().catch((error: unknown) => app.log.error({ err: error }, 'sending item reminders failed'));
  void sendReminders();
  setInterval(sendReminders, reminderRoundMs).unref();

  // Stops taking requests, closes live connections with 1012 (reconnect), lets running requests and
  // the mails being sent finish (queued ones wait in the database for any instance), closes the
  // database, then leaves. Idle and never used connections are closed at once; connections whose
  // request hangs are cut at four fifths of SHUTDOWN_TIMEOUT_SECONDS, and at its end we leave regardless.
  const connections = trackUnusedConnections(app.server);
  const deadlines = shutdownDeadlines(config.shutdownTimeoutMs);
  stopOnSignals({
    log: app.log,
    deadlines,
    flushLog: (timeoutMs) => serverLogOutput().flush(timeoutMs),
    begin: () => setTimeout(() => app.server.closeAllConnections(), deadlines.cutRequestsMs).unref(),
    steps: [
      {
        waitsFor: 'running requests, live connections and mails being sent',
        run: () => {
          const closing = app.close();
          connections.closeWhenIdle();
          return closing;
        },
      },
      { waitsFor: 'background work', run: () => background.drained() },
      { waitsFor: 'the database', run: () => database.close() },
    ],
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new ConfigError(`PORT ${config.port} is already in use on ${config.host}`);
    if (code === 'EACCES') throw new ConfigError(`PORT ${config.port} may not be opened by this user`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new ConfigError(`HOST ${config.host} is not an address of this machine`);
    throw error;
  }
  // The one line a person starting the portal looks for: the address to open (PORT=0 picks one).
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = process.env.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
  app.log.info({ url }, `Bauakte läuft auf ${url}`);
}

main().catch((error: unknown) => {
  stop(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error));
});
