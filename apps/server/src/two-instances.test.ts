import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStomp, type TestStomp } from './test/stomp-client';
import { killStartedServers, listeningUrl, processStartTimeoutMs, sharedInstanceEnv, startServer, tempDir } from './test/server-process';
import { withPostgres } from './test/test-app';
import { startS3Server, type TestS3 } from './test/s3-server';

/**
 * Several instances (docs/features.md, "Several instances"): two real server processes on one PostgreSQL
 * schema, with project files in a real S3-API server, and one journey across both of them.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two server processes on one PostgreSQL database and one S3 bucket', () => {
  const schema = `test_journey_${process.pid}`;
  const dataDirs = { a: tempDir(), b: tempDir() };
  let s3: TestS3;
  let urlA: string;
  let urlB: string;
  const stomps: TestStomp[] = [];
  const cacheSeconds = 30;


  beforeAll(async () => {
    s3 = await startS3Server();
    await withPostgres((client) => client.query(`create schema ${schema}`));
    // The longest session cache: what A refuses before it ends, B told it.
    const env = { ...sharedInstanceEnv(schema), ...s3.env, SESSION_CACHE_SECONDS: String(cacheSeconds) };
    // A first, alone: it migrates the schema and creates the administrator; then B joins.
    urlA = await listeningUrl(startServer({ ...env, DATA_DIR: dataDirs.a }));
    urlB = await listeningUrl(startServer({ ...env, DATA_DIR: dataDirs.b }));
  }, 2 * processStartTimeoutMs); // two starts, one after the other

  afterAll(async () => {
    await Promise.all(stomps.map((stomp) => stomp.close()));
    killStartedServers();
    await s3?.close();
    await withPostgres((client) => client.query(`drop schema if exists ${schema} cascade`));
  });

  async function call<T = Record<string, unknown>>(base: string, method: string, route: string, token?: string, body?: object): Promise<T> {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? {} : await response.json()) as T;
  }
  const login = async (base: string, username: string, password: string) =>
    (await call<{ token: string }>(base, 'POST', '/api/auth/login', undefined, { username, password })).token;
  const status = async (base: string, token: string) =>
    (await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  /** The registration link of the invitation to `to`, from whichever instance's mail outbox sent it (the mail queue is shared). */
  async function invitationToken(to: string): Promise<string> {
    const mailTo = () =>
      Object.values(dataDirs)
        .flatMap((dataDir) => {
          const outbox = path.join(dataDir, 'outbox');
          if (!fs.existsSync(outbox)) return [];
          return fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        })
        .find((text) => text.includes(`To: ${to}`));
    await expect.poll(mailTo, { interval: 100, message: `no mail to ${to}` }).toBeDefined();
    return /register\?token=([\w-]+)/.exec(mailTo()!)![1]!;
  }

  async function register(base: string, token: string, person: { firstName: string; lastName: string; email: string; address?: object }) {
    await call(base, 'PUT', `/api/register?token=${token}`, undefined, { ...person, phone: '+43 1 234', password: 'Kaffee-Tasse-Mond-42' });
  }

  it('logs in on A, uploads on B and lists on A, chats across both, exports on A, and a logout on B counts on A', async () => {
    // The accounts, the real way: administrator → team → architect (invited, registers) → customer (invited, registers) → project.
    const admin = await login(urlA, 'chef', 'sehr-geheim');
    await call(urlA, 'POST', '/api/team/create', admin, { name: 'Wien' });
    await call(urlA, 'POST', '/api/team/createUser', admin, { username: 'mara', email: 'mara@example.at', firstName: 'Mara', lastName: 'Berger', teamName: 'Wien' });
    await register(urlB, await invitationToken('mara@example.at'), { firstName: 'Mara', lastName: 'Berger', email: 'mara@example.at' });
    const mara = await login(urlA, 'mara', 'Kaffee-Tasse-Mond-42');
    await call(urlA, 'POST', '/api/ClientManagment', mara, { username: 'kunde', firstName: 'Karl', lastName: 'Kunde', email: 'karl@example.at', creationName: 'mara' });
    await register(urlA, await invitationToken('karl@example.at'), {
      firstName: 'Karl',
      lastName: 'Kunde',
      email: 'karl@example.at',
      address: { city: 'Wien', community: 'Wien-Neubau', street: 'Neubaugasse', houseNumber: '12', postalCode: '1070' },
    });
    const kunde = await login(urlA, 'kunde', 'Kaffee-Tasse-Mond-42');
    const project = await call<{ id: number }>(urlA, 'POST', '/api/ProjectManagment', mara, { name: 'Dachausbau Lindengasse', assignedUser: 'kunde' });

    // The token from A works on B: a plan uploaded there lands in the shared bucket.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const form = new FormData();
    form.append('projectId', String(project.id));
    form.append('fileName', 'Lageplan');
    form.append('comment', 'Über Instanz B hochgeladen');
    form.append('documentType', 'PNG');
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'lageplan.png');
    const uploaded = await fetch(`${urlB}/api/s3/upload`, { method: 'POST', headers: { authorization: `Bearer ${mara}` }, body: form });
    expect(uploaded.status).toBe(201);
    const listed = await call<Array<{ name: string; url: string; size: number }>>(urlA, 'GET', `/api/s3/project/${project.id}`, kunde);
    expect(listed).toEqual([expect.objectContaining({ name: 'Lageplan', size: png.length })]);
    const download = await fetch(new URL(listed[0]!.url, urlA));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    expect(fs.existsSync(path.join(dataDirs.a, 'files')) || fs.existsSync(path.join(dataDirs.b, 'files'))).toBe(false);

    // Live chat: the customer on A, the architect on B, both ways.
    const kundeLive = connectStomp(urlA, kunde);
    const maraLive = connectStomp(urlB, mara);
    stomps.push(kundeLive, maraLive);
    await Promise.all([kundeLive.connected, maraLive.connected]);
    const kundeQueue = kundeLive.subscribe('/user/queue/messages');
    const maraQueue = maraLive.subscribe('/user/queue/messages');
    await Promise.all([kundeQueue.ready, maraQueue.ready]);
    const { chatId } = await call<{ chatId: number }>(urlB, 'POST', '/api/MessageManagment/createChat', mara, {
      message: 'Die Pläne sind da.',
      senderUsername: 'mara',
      receiverUsername: 'kunde',
    });
    expect(await kundeQueue.next()).toMatchObject({ chatId, message: 'Die Pläne sind da.', senderUsername: 'mara' });
    kundeLive.publish(`/app/chat/${chatId}`, { message: 'Danke, sieht gut aus!', senderUsername: 'kunde', receiverUsername: 'mara', chatId });
    expect(await maraQueue.next((body) => (body as { message: string }).message === 'Danke, sieht gut aus!')).toMatchObject({ chatId, senderUsername: 'kunde' });

    // Exports on A, the file from B's upload included.
    const pdf = await fetch(`${urlA}/api/export/pdf/${project.id}`, { headers: { authorization: `Bearer ${mara}` } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const json = await call<{ project: { name: string } }>(urlA, 'GET', `/api/export/json/${project.id}`, mara);
    expect(json.project.name).toBe('Dachausbau Lindengasse');

    // Logged out on B: A refuses the token long before its cache would forget it, and A's live connection with it closes.
    const maraOnA = connectStomp(urlA, mara);
    stomps.push(maraOnA);
    await maraOnA.connected;
    expect(await status(urlA, mara)).toBe(200);
    const loggedOut = performance.now();
    await call(urlB, 'POST', '/api/auth/logout/mara', mara);
    await expect.poll(() => status(urlA, mara), { timeout: cacheSeconds * 1000, interval: 5 }).toBe(401);
    expect(performance.now() - loggedOut).toBeLessThan(cacheSeconds * 1000);
    await maraOnA.closed;
    // The customer's session is untouched.
    expect(await status(urlA, kunde)).toBe(200);
  }, processStartTimeoutMs); // the first export starts the PDF process
});
