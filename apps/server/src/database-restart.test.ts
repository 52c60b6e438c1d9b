import fs from 'node:fs';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveDestinations, serverMessages } from '@bauakte/domain';
import { buildApp, type BuiltApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './platform/db/database';
import { createFanoutCache } from './platform/fanout/fanout-cache';
import { killStartedServers, listeningUrl, processStartTimeoutMs, startServer, tempDir, type StartedServer } from './test/server-process';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from './test/private-postgres';
import { testEnv, testJwtSecret } from './test/test-app';

/**
 * PostgreSQL restarting under a running app (docs/operations.md, "PostgreSQL"): a package update or a failover
 * ends every connection. The app stays up, answers 503 while the database is away, and works again
 * by itself once it is back. On a PostgreSQL of the test's own — never the shared one.
 */
const binDir = postgresBinDir();
const skipReason = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : !binDir
    ? "PostgreSQL's initdb and pg_ctl were not found in /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)"
    : undefined;
if (skipReason) console.warn(`database restart tests skipped: ${skipReason}`);

/** How long the app may take to answer normally again once the database is back (on a busy machine too). */
const recoveryMs = 30_000;
/** A PostgreSQL of its own: initdb and pg_ctl take seconds of CPU, many more on a busy machine. */
const privatePostgresMs = 120_000;
/** A stop or restart of the database, the recovery, and the requests around them. */
const restartTestMs = privatePostgresMs + recoveryMs;

describe.skipIf(skipReason !== undefined)('PostgreSQL restarting under a running app', () => {
  let postgres: PrivatePostgres;
  beforeAll(async () => {
    postgres = await startPrivatePostgres(binDir!);
  }, privatePostgresMs);
  afterAll(async () => {
    killStartedServers();
    await postgres?.remove();
  });

  describe('the server process', () => {
    let server: StartedServer;
    let url: string;
    let token: string;
    const dataDir = tempDir();

    beforeAll(async () => {
      server = startServer({
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url,
        JWT_SECRET: 'database-restart-test-secret-0123456789abcdef',
        ADMIN_USERNAME: 'chef',
        ADMIN_PASSWORD: 'sehr-geheim',
      });
      url = await listeningUrl(server);
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'chef', password: 'sehr-geheim' }),
      });
      token = ((await login.json()) as { token: string }).token;
    }, processStartTimeoutMs);
    afterAll(() => {
      // A server process that ended says why only in its own output: show it beside the failure.
      if (!alive()) console.error(`the server process ended (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-8000)}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** What the live channel sends for a CONNECT and a SUBSCRIBE to the online list, until it closes the connection. */
    async function liveFrames(): Promise<string> {
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
      let frames = '';
      socket.on('message', (data) => (frames += String(data)));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      // Heard: a socket the server cuts must fail this test, not the whole run.
      socket.on('error', () => undefined);
      socket.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\0`);
      socket.send(`SUBSCRIBE\nid:1\ndestination:${liveDestinations.activeUsers}\n\n\0`);
      // The ERROR frame ends the connection: the server closes it.
      await closed;
      return frames;
    }

    /** A request that reads the database (the teams), as the administrator. */
    const listTeams = () => fetch(`${url}/api/team/allTeams`, { headers: { authorization: `Bearer ${token}` } });
    const alive = () => server.child.exitCode === null && server.child.signalCode === null;
    const untilAnswering = async () => {
      const back = performance.now();
      await expect.poll(async () => (await listTeams()).status, { timeout: recoveryMs, interval: 200 }).toBe(200);
      return performance.now() - back;
    };

    it('answers 503 with a German message while the database is stopped, is not ready but alive, and works again once it is back', async () => {
      expect((await listTeams()).status).toBe(200);
      await postgres.stop();
      try {
        const refused = await listTeams();
        expect(refused.status).toBe(503);
        expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: serverMessages.databaseUnavailable });
        const ready = await fetch(`${url}/api/ready`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ status: 'not-ready', checks: { database: 'failed' } });
        const health = await fetch(`${url}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ status: 'ok', database: 'unavailable' });
        const frames = await liveFrames();
        expect(frames).toMatch(/^ERROR/m);
        expect(frames).toContain(serverMessages.databaseUnavailable);
        expect(alive()).toBe(true);
      } finally {
        await postgres.start();
      }
      expect(await untilAnswering()).toBeLessThan(recoveryMs);
      expect((await fetch(`${url}/api/ready`)).status).toBe(200);
      expect(alive()).toBe(true);
    }, restartTestMs);

    it('fails only the requests during a restart (503, never 500 or a dropped connection) and answers the next ones normally', async () => {
      // Requests one after another on four connections, before, during and after the restart.
      const answers: Array<{ status: number; message?: string }> = [];
      let running = true;
      let answeredNine!: () => void;
      const nineAnswers = new Promise<void>((resolve) => (answeredNine = resolve));
      const traffic = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (running) {
            const response = await listTeams();
            answers.push({ status: response.status, ...(response.status === 200 ? {} : { message: ((await response.json()) as { message: string }).message }) });
            if (answers.length >= 9) answeredNine();
          }
        }),
      );
      let recovered: number;
      try {
        // A dropped connection fails the test here, before the restart too.
        await Promise.race([nineAnswers, traffic]);
        await postgres.restart();
        recovered = await untilAnswering();
      } finally {
        running = false;
        await traffic;
      }

      expect(recovered).toBeLessThan(recoveryMs);
      expect(answers[0]?.status).toBe(200);
      expect(answers.at(-1)?.status).toBe(200);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused.length).toBeGreaterThan(0);
      expect(new Set(refused.map((answer) => `${answer.status} ${answer.message}`))).toEqual(new Set([`503 ${serverMessages.databaseUnavailable}`]));
      expect(alive()).toBe(true);
      expect(server.output()).not.toContain('Unhandled');
    }, restartTestMs);
  });

  describe('the fan-out between two instances', () => {
    const schema = 'restart_fanout';
    let database: DatabaseHandle;
    const instances: BuiltApp[] = [];
    const dataDir = tempDir();

    beforeAll(async () => {
      const setup = openDatabase({ databaseUrl: postgres.url });
      await setup.db.schema.createSchema(schema).ifNotExists().execute();
      await setup.close();
      database = openDatabase({ databaseUrl: postgres.url, postgresSchema: schema });
      await migrateToLatest(database.db);
      const config = loadConfig(testEnv(dataDir));
      for (let index = 0; index < 2; index += 1) instances.push(await buildApp({ config, database, jwtSecret: testJwtSecret, logger: false }));
      await Promise.all(instances.map(({ app }) => app.ready()));
    }, processStartTimeoutMs);
    afterAll(async () => {
      for (const { app } of instances) await app.close();
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('listens again after the restart, forgets what it cached meanwhile, asks who is online, and carries events between the instances again', async () => {
      const [a, b] = [instances[0]!, instances[1]!];
      let reads = 0;
      const cache = createFanoutCache<string, number>({ ttlMs: 60_000, maxEntries: 10, fanout: b.fanout, event: 'notification-settings-changed' });
      const read = async () => (reads += 1);
      await cache.get('key', read);
      await cache.get('key', read);
      expect(reads).toBe(1);
      const heard: string[] = [];
      b.fanout.subscribe((event) => heard.push(event.type));
      // A gap is reported twice: when the connection is lost and when it is back.
      const gaps = { a: 0, b: 0 };
      a.fanout.onGap(() => (gaps.a += 1));
      b.fanout.onGap(() => (gaps.b += 1));

      // What the instances announced when they started has arrived once a later event of each has (one connection's NOTIFYs keep their order).
      await Promise.all([a.fanout.publish({ type: 'teams-changed' }), b.fanout.publish({ type: 'teams-changed' })]);
      await expect.poll(() => heard.filter((type) => type === 'teams-changed').length, { timeout: 5_000 }).toBe(2);
      heard.length = 0;
      await postgres.restart();
      await expect.poll(() => ({ gaps, listening: a.fanout.listening && b.fanout.listening }), { timeout: recoveryMs, interval: 100 }).toEqual({
        gaps: { a: 2, b: 2 },
        listening: true,
      });

      // Events of the other instance may have been missed while away: the cache reads the database again.
      await cache.get('key', read);
      expect(reads).toBe(2);
      // Each asks the others again who is connected to them, as they may have taken each other for
      // gone meanwhile (the one back last reaches both; the first may call before the other listens).
      await expect.poll(() => heard, { timeout: 5_000 }).toContain('presence-hello');
      await a.fanout.publish({ type: 'teams-changed' });
      await expect.poll(() => heard, { timeout: 5_000 }).toContain('teams-changed');
      const ready = await a.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
    }, restartTestMs);
  });
});
