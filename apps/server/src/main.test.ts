import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from './platform/auth/password';
import { connectStomp } from './test/stomp-client';
import { killStartedServers, processStartTimeoutMs, sharedInstanceEnv, startServer, tempDir } from './test/server-process';
import { withPostgres } from './test/test-app';

afterEach(() => {
  killStartedServers();
});

async function stderrLinesOfFailedStart(env: Record<string, string>): Promise<string[]> {
  const server = startServer(env);
  expect(await server.exited).toBe(1);
  return server.output().trim().split('\n');
}

/** The .eml files in DATA_DIR/outbox, once the mail queue has written the first (it sends just after the answer). */
async function outboxMails(dataDir: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
  await expect.poll(() => mails().length, { interval: 100, message: `no mail in ${outbox}` }).toBeGreaterThan(0);
  return mails();
}

describe('starting the server', () => {
  it('stops with one line naming DATABASE_URL for an unknown scheme', async () => {
    const lines = await stderrLinesOfFailedStart({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://localhost/bauakte' });
    expect(lines).toEqual([expect.stringMatching(/^Bauakte cannot start: DATABASE_URL must start with postgres:\/\//)]);
  });

  it('stops with one line naming DATA_DIR when it cannot be written', async () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    const lines = await stderrLinesOfFailedStart({ DATA_DIR: path.join(file, 'data') });
    expect(lines).toEqual([expect.stringMatching(/^Bauakte cannot start: DATA_DIR .* is not writable/)]);
  });

  it('stops with one line naming the PORT when it is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const server = startServer({ DATA_DIR: tempDir(), PORT: String(port), ADMIN_USERNAME: 'chef', ADMIN_PASSWORD: 'sehr-geheim' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Bauakte cannot start: PORT ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('stops with one line when PostgreSQL cannot be reached', async () => {
    const lines = await stderrLinesOfFailedStart({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://127.0.0.1:9/none' });
    expect(lines.at(-1)).toMatch(/^Bauakte cannot start: DATABASE_URL: the database cannot be reached/);
  });

  it('creates the first admin from ADMIN_USERNAME / ADMIN_PASSWORD and answers health', async () => {
    const server = startServer({ DATA_DIR: tempDir(), PORT: '0', ADMIN_USERNAME: 'chef', ADMIN_PASSWORD: 'sehr-geheim' });
    const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'chef', password: 'sehr-geheim' }),
    });
    expect(login.status).toBe(200);
    expect(server.output()).not.toContain('sehr-geheim');
    // One line says where the portal runs; health checks are not logged, other requests are.
    const port = new URL(url!).port;
    await server.waitFor(new RegExp(`"msg":"Bauakte läuft auf http://localhost:${port}"`));
    expect(server.output()).toContain('"url":"/api/auth/login"');
    expect(server.output()).not.toContain('"url":"/api/health"');
  });

  it('writes human log lines with LOG_FORMAT=pretty', async () => {
    const server = startServer({ DATA_DIR: tempDir(), PORT: '0', ADMIN_USERNAME: 'chef', ADMIN_PASSWORD: 'sehr-geheim', LOG_FORMAT: 'pretty' });
    const [line] = await server.waitFor(/^\d{2}:\d{2}:\d{2} INFO  Bauakte läuft auf http:\/\/localhost:\d+.*$/m);
    expect(line).not.toContain('{');
  });

  it('without ADMIN_* creates "admin" with a random password printed once, which logs in', async () => {
    const dataDir = tempDir();
    const first = startServer({ DATA_DIR: dataDir, PORT: '0' });
    const [, password] = await first.waitFor(/username admin password (\S+) /);
    const [, url] = await first.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    killStartedServers();
    await first.exited;

    const second = startServer({ DATA_DIR: dataDir, PORT: '0' });
    await second.waitFor(/Server listening at/);
    expect(second.output()).not.toMatch(/first administrator created/);
  }, 2 * processStartTimeoutMs);

  it('keeps DATA_DIR, the database, the secret and the mail outbox private to the server\'s user', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const server = startServer({ DATA_DIR: dataDir, PORT: '0', ADMIN_USERNAME: 'chef', ADMIN_PASSWORD: 'sehr-geheim' });
    const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'chef', password: 'sehr-geheim' }),
    });
    const { token } = (await login.json()) as { token: string };
    const post = (route: string, body: object) =>
      fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    await post('/api/team/create', { name: 'Wien' });
    expect((await post('/api/team/createUser', { username: 'erika', email: 'erika@example.at', teamName: 'Wien' })).status).toBe(201);
    const mode = (file: string) => fs.statSync(path.join(dataDir, file)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    expect(mode('app.db')).toBe(0o600);
    expect(mode('jwt-secret')).toBe(0o600);
    const mails = await outboxMails(dataDir);
    expect(mode('outbox')).toBe(0o700);
    expect(mails).toHaveLength(1);
    expect(mode(path.join('outbox', mails[0]!))).toBe(0o600);
  });

  it('shuts down within 2 s on SIGTERM although a browser keeps an idle connection open', async () => {
    const server = startServer({ DATA_DIR: tempDir(), PORT: '0', ADMIN_USERNAME: 'chef', ADMIN_PASSWORD: 'sehr-geheim' });
    const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    await new Promise<void>((resolve, reject) => {
      http.get(`${url}/api/health`, { agent }, (response) => response.resume().on('end', resolve)).on('error', reject);
    });
    expect(agent.freeSockets).not.toEqual({}); // the connection stays open, idle
    // Browsers also open connections ahead of need that carry no request yet.
    const { port } = new URL(url!);
    const preconnected = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => preconnected.once('connect', resolve));
    const started = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(performance.now() - started).toBeLessThan(2000);
    agent.destroy();
    preconnected.destroy();
  });

  it('lists no half file after a kill -9 mid-upload, and sweeps the remainder at the next start', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, PORT: '0', ADMIN_USERNAME: 'chef', ADMIN_PASSWORD: 'sehr-geheim' };
    const first = startServer(env);
    const [, url] = await first.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    const call = async (method: string, route: string, token?: string, body?: object) => {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
    };
    const admin = String((await call('POST', '/api/auth/login', undefined, { username: 'chef', password: 'sehr-geheim' })).token);
    await call('POST', '/api/team/create', admin, { name: 'Wien' });
    await call('POST', '/api/team/createUser', admin, { username: 'mara', email: 'mara@example.at', teamName: 'Wien' });
    const outbox = path.join(dataDir, 'outbox');
    const eml = fs.readFileSync(path.join(outbox, (await outboxMails(dataDir))[0]!), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /register\?token=([\w-]+)/.exec(eml)![1]!;
    await call('PUT', `/api/register?token=${token}`, undefined, { firstName: 'Mara', lastName: 'Berger', email: 'mara@example.at', phone: '1', password: 'Kaffee-Tasse-Mond-42' });
    const architect = String((await call('POST', '/api/auth/login', undefined, { username: 'mara', password: 'Kaffee-Tasse-Mond-42' })).token);
    const projectId = Number((await call('POST', '/api/ProjectManagment', architect, { name: 'Altbau' })).id);

    // An upload that sends 2 MiB of a larger file and then stops, as a server killed mid-upload sees it.
    const boundary = 'bauakte-test-boundary';
    const head = [
      ...[['projectId', String(projectId)], ['fileName', 'Plan'], ['documentType', 'PDF']].map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    ].join('');
    const request = http.request(`${url}/api/s3/upload?projectId=${projectId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${architect}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(50 * 1024 * 1024) },
    });
    request.on('error', () => undefined);
    request.write(head);
    request.write(Buffer.alloc(2 * 1024 * 1024, 0x20));
    const projectDir = path.join(dataDir, 'files', 'projects', String(projectId));
    const partial = () => (fs.existsSync(projectDir) ? fs.readdirSync(projectDir).filter((name) => name.endsWith('.part')) : []);
    await expect.poll(() => partial(), { interval: 50 }).toHaveLength(1);
    first.child.kill('SIGKILL');
    await first.exited;
    request.destroy();

    const second = startServer(env);
    const [, secondUrl] = await second.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    await expect.poll(() => partial(), { interval: 50 }).toEqual([]);
    const login = await fetch(`${secondUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mara', password: 'Kaffee-Tasse-Mond-42' }),
    });
    const listed = await fetch(`${secondUrl}/api/s3/project/${projectId}`, { headers: { authorization: `Bearer ${((await login.json()) as { token: string }).token}` } });
    expect(await listed.json()).toEqual([]);
  }, 2 * processStartTimeoutMs);
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two server processes on one PostgreSQL database', () => {
  const schema = `test_two_${process.pid}`;
  afterAll(() => withPostgres((client) => client.query(`drop schema if exists ${schema} cascade`)));

  it('lets a client on one instance and an architect on the other chat live', async () => {
    await withPostgres((client) => client.query(`create schema ${schema}`));
    const env = sharedInstanceEnv(schema);
    const first = startServer({ ...env, DATA_DIR: tempDir() });
    const [, urlA] = await first.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    const second = startServer({ ...env, DATA_DIR: tempDir() });
    const [, urlB] = await second.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);

    const hash = await hashPassword('lang-und-geheim-42');
    await withPostgres(async (client) => {
      await client.query(`set search_path to ${schema}`);
      const now = new Date().toISOString();
      const mara = await client.query(
        `insert into users (username, username_key, email, role, status, password_hash, created_at, updated_at) values ('mara', 'mara', 'mara@example.at', 'ARCHI', 'ACTIVE', $1, $2, $2) returning id`,
        [hash, now],
      );
      await client.query(
        `insert into users (username, username_key, email, role, status, password_hash, created_by_id, created_at, updated_at) values ('kunde', 'kunde', 'kunde@example.at', 'CLIENT', 'ACTIVE', $1, $2, $3, $3)`,
        [hash, mara.rows[0].id, now],
      );
    });
    const login = async (url: string, username: string) => {
      const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'lang-und-geheim-42' }) });
      return ((await response.json()) as { token: string }).token;
    };
    const kunde = connectStomp(urlA!, await login(urlA!, 'kunde'));
    const mara = connectStomp(urlB!, await login(urlB!, 'mara'));
    try {
      await Promise.all([kunde.connected, mara.connected]);
      const online = kunde.subscribe('/topic/activeUsers');
      expect(await online.next((list) => (list as string[]).includes('mara'))).toEqual(['kunde', 'mara']);
      const kundeQueue = kunde.subscribe('/user/queue/messages');
      const maraQueue = mara.subscribe('/user/queue/messages');
      await Promise.all([kundeQueue.ready, maraQueue.ready]);
      const created = await fetch(`${urlB}/api/MessageManagment/createChat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await login(urlB!, 'mara')}` },
        body: JSON.stringify({ message: 'Von Instanz B', senderUsername: 'mara', receiverUsername: 'kunde' }),
      });
      const { chatId } = (await created.json()) as { chatId: number };
      expect(await kundeQueue.next()).toMatchObject({ chatId, message: 'Von Instanz B' });
      kunde.publish(`/app/chat/${chatId}`, { message: 'Antwort über Instanz A', senderUsername: 'kunde', receiverUsername: 'mara', chatId });
      expect(await maraQueue.next((body) => (body as { message: string }).message === 'Antwort über Instanz A')).toMatchObject({ senderUsername: 'kunde' });
    } finally {
      await Promise.all([kunde.close(), mara.close()]);
    }
  }, 2 * processStartTimeoutMs);
});
