import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killStartedServers, listeningUrl, startServer, tempDir } from './test/server-process';

afterEach(() => {
  killStartedServers();
});

/** An SMTP server that takes the connection and then never says a word: the mail being sent waits. */
async function vanishedSmtp(): Promise<{ url: string; connected: Promise<void>; close(): void }> {
  const sockets = new Set<net.Socket>();
  let connected!: () => void;
  const connection = new Promise<void>((resolve) => (connected = resolve));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connected: connection,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** The exit, or what was seen when it did not come within the bound. */
function exitWithin(exited: Promise<number | null>, boundMs: number): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), boundMs)));
  return Promise.race([exited, bound]).finally(() => clearTimeout(timer));
}

async function post(url: string, path: string, body: object, token?: string) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json() as Promise<{ token?: string }>;
}

/** A server whose invitation mail is being sent to a mail server that never answers; it leaves at most 2 s after SIGTERM. */
async function serverSendingToNobody(smtpUrl: string) {
  const server = startServer({
    DATA_DIR: tempDir(),
    PORT: '0',
    ADMIN_USERNAME: 'chef',
    ADMIN_PASSWORD: 'sehr-geheim',
    SMTP_URL: smtpUrl,
    SHUTDOWN_TIMEOUT_SECONDS: '2',
  });
  const url = await listeningUrl(server);
  const { token } = await post(url, '/api/auth/login', { username: 'chef', password: 'sehr-geheim' });
  await post(url, '/api/team/create', { name: 'Wien' }, token);
  // The invitation goes out through the mail queue: its connection is the mail being sent.
  await post(url, '/api/team/createUser', { username: 'mara', email: 'mara@example.at', teamName: 'Wien' }, token);
  return server;
}

describe('the end of a graceful shutdown', () => {
  let smtp: Awaited<ReturnType<typeof vanishedSmtp>>;
  beforeEach(async () => {
    smtp = await vanishedSmtp();
  });
  afterEach(() => smtp.close());

  // The deadline is 2 s here (10 s by default); the bounds leave room for a busy machine, far below the mail's own timeouts (30 s).
  it('comes at the deadline while a mail hangs on a vanished SMTP server, naming what it still waited for', async () => {
    const server = await serverSendingToNobody(smtp.url);
    await smtp.connected;
    server.child.kill('SIGTERM');
    expect(await exitWithin(server.exited, 20_000)).toBe(0);
    expect(server.output()).toMatch(/shutdown deadline of 2 s reached: leaving without waiting for running requests, live connections and mails being sent/);
  }, 60_000);

  it('comes within the deadline when the reader of its output is gone as well', async () => {
    const server = await serverSendingToNobody(smtp.url);
    await smtp.connected;
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    server.child.kill('SIGTERM');
    expect(await exitWithin(server.exited, 20_000)).toBe(0);
  }, 60_000);

  it('comes at once at a second SIGTERM, saying so', async () => {
    const server = await serverSendingToNobody(smtp.url);
    await smtp.connected;
    server.child.kill('SIGTERM');
    await server.waitFor(/Bauakte wird beendet/);
    server.child.kill('SIGTERM');
    // Far below the deadline: it does not wait for the mail.
    expect(await exitWithin(server.exited, 5_000)).toBe(1);
    expect(server.output()).toMatch(/second SIGTERM: leaving at once without waiting for running requests, live connections and mails being sent/);
  }, 60_000);
});
