import http from 'node:http';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { restartMessage } from './platform/live/broker';
import { killStartedServers, listeningUrl, startServer, tempDir, type StartedServer } from './test/server-process';
import { freePort } from './test/mail-catcher';

afterEach(() => {
  killStartedServers();
});

const admin = { ADMIN_USERNAME: 'chef', ADMIN_PASSWORD: 'sehr-geheim' };
const loginBody = JSON.stringify({ username: 'chef', password: 'sehr-geheim' });

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody });
  return ((await response.json()) as { token: string }).token;
}

/** A login whose body arrives in two halves: in flight from the first half until finish() sends the rest. */
function slowLogin(url: string): { answer: Promise<{ status: number; body: string }>; finish(): void } {
  const request = http.request(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(loginBody)) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined);
  const half = Math.floor(loginBody.length / 2);
  request.write(loginBody.slice(0, half));
  return { answer, finish: () => request.end(loginBody.slice(half)) };
}

/** A raw STOMP connection that records every frame and the close code. */
async function rawStomp(url: string, token: string): Promise<{ frames: string[]; closed: Promise<number> }> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  const frames: string[] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve) => socket.once('open', () => resolve()));
  const connected = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      frames.push(String(data));
      if (String(data).startsWith('CONNECTED')) resolve();
    }),
  );
  socket.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\0`);
  await connected;
  return { frames, closed };
}


/** Resolves once the server has logged `count` requests to `url` as come in (their headers read). */
async function requestsCameIn(server: StartedServer, url: string, count: number): Promise<void> {
  const cameIn = () => server.output().split('\n').filter((line) => line.includes('"msg":"incoming request"') && line.includes(`"url":"${url}"`)).length;
  await expect.poll(cameIn, { message: `${count} requests to ${url} in the server's log` }).toBeGreaterThanOrEqual(count);
}

describe('graceful shutdown of the real server', () => {
  it('on SIGTERM closes live connections with 1012 after an ERROR frame, stops accepting, answers the request in flight, and exits 0', async () => {
    const server = startServer({ DATA_DIR: tempDir(), PORT: '0', ...admin });
    const url = await listeningUrl(server);
    const live = await rawStomp(url, await login(url));
    const inFlight = slowLogin(url);
    await requestsCameIn(server, '/api/auth/login', 2);

    const started = performance.now();
    server.child.kill('SIGTERM');
    expect(await live.closed).toBe(1012);
    expect(live.frames.at(-1)).toMatch(/^ERROR\n/);
    expect(live.frames.at(-1)).toContain(restartMessage);

    // New connections are refused while the running request is still being served.
    await expect.poll(() => fetch(`${url}/api/health`).then(() => false, () => true), { interval: 50 }).toBe(true);
    expect(server.child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('token');
    expect(await server.exited).toBe(0);
    // Within the deadline (10 s) in any case; here at once, as its keep-alive connection is closed after the answer.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('exits 0 within its deadline on SIGTERM although a request never finishes', async () => {
    // A 3 s deadline (10 s by default): the hanging request is cut at 2.4 s.
    const server = startServer({ DATA_DIR: tempDir(), PORT: '0', SHUTDOWN_TIMEOUT_SECONDS: '3', ...admin });
    const url = await listeningUrl(server);
    const hanging = slowLogin(url);
    await requestsCameIn(server, '/api/auth/login', 1);
    const started = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const took = performance.now() - started;
    // The deadline, and a second for a busy machine to end the process and report its exit.
    expect(took).toBeLessThan(4_000);
    // It waited for the request before cutting it: not an exit that ignores running requests.
    expect(took).toBeGreaterThan(2_000);
    await expect(hanging.answer).rejects.toThrow();
  }, 20_000);

  it('lets a stompjs client (the library the web app uses) reconnect by itself to the instance that takes over', async () => {
    const env = { DATA_DIR: tempDir(), PORT: String(await freePort()), ...admin };
    const first = startServer(env);
    const url = await listeningUrl(first);
    const token = await login(url);
    const closeCodes: number[] = [];
    let connects = 0;
    const client = new Client({
      webSocketFactory: () => new WebSocket(`${url.replace(/^http/, 'ws')}/ws`),
      connectHeaders: { Authorization: `Bearer ${token}` },
      reconnectDelay: 200,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      onConnect: () => (connects += 1),
      onWebSocketClose: (event: { code: number }) => closeCodes.push(event.code),
    });
    client.activate();
    try {
      await expect.poll(() => connects, { interval: 50 }).toBe(1);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(closeCodes[0]).toBe(1012);

      const second = startServer(env);
      await listeningUrl(second);
      await expect.poll(() => connects, { interval: 50 }).toBe(2);
      expect(client.active).toBe(true);
    } finally {
      await client.deactivate();
    }
  }, 20_000);

  it('exits 0 at once on SIGTERM while the mail server is down and a mail waits in the queue', async () => {
    const env = { DATA_DIR: tempDir(), PORT: '0', SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, ...admin };
    const server = startServer(env);
    const url = await listeningUrl(server);
    const token = await login(url);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const post = (route: string, body: object) => fetch(`${url}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    await post('/api/team/create', { name: 'Wien' });
    expect((await post('/api/team/createUser', { username: 'wartet', email: 'wartet@example.at', teamName: 'Wien' })).status).toBe(201);
    // The first attempt has failed: the mail waits for its next one, and the sender polls.
    const failures = async () => ((await (await fetch(`${url}/api/admin/mail-failures`, { headers })).json()) as unknown[]).length;
    await expect.poll(failures).toBe(1);
    const started = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(performance.now() - started).toBeLessThan(3_000);
  }, 30_000);
});
