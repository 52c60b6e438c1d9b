import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const running: Array<{ kill(): void }> = [];

interface Started {
  output: () => string;
  exited: Promise<number | null>;
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
}

/** Starts the real entry point (src/main.ts through tsx) with the given environment. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  running.push(child);
  let output = '';
  const listeners: Array<() => void> = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    listeners.forEach((listener) => listener());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    output: () => output,
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) resolve(match);
        };
        listeners.push(check);
        check();
        void exited.then(() => setTimeout(() => reject(new Error(`exited before ${pattern}: ${output}`)), 50));
      }),
  };
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-main-'));

afterEach(() => {
  running.splice(0).forEach((child) => child.kill());
});

async function stderrLinesOfFailedStart(env: Record<string, string>): Promise<string[]> {
  const server = startServer(env);
  expect(await server.exited).toBe(1);
  return server.output().trim().split('\n');
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
    running.splice(0).forEach((child) => child.kill());
    await first.exited;

    const second = startServer({ DATA_DIR: dataDir, PORT: '0' });
    await second.waitFor(/Server listening at/);
    expect(second.output()).not.toMatch(/first administrator created/);
  });
});
