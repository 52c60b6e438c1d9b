import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { childEntry } from '../platform/workers/child-entry';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const running: ChildProcess[] = [];

export interface StartedServer {
  /** The real child process, for signals (SIGTERM, SIGKILL) and its pid. */
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
}

/**
 * What a test or hook may take per process it starts: the server, or the server's PDF export process.
 * A start loads its code (compiles it through tsx when the build is not current), a second or a
 * few of CPU on a quiet machine, which on a busy one (two cores shared with other work) stretch to a minute.
 */
export const processStartTimeoutMs = 90_000;

/** Starts the real entry point with the given environment: dist/main.js while the build is current, else src/main.ts through tsx. */
export function startServer(env: Record<string, string>): StartedServer {
  const entry = childEntry(import.meta.url, '../main.ts', 'main.js');
  const child = spawn(process.execPath, [...entry.execArgv, entry.file], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKER_PRIORITY: 'normal', ...env },
  });
  running.push(child);
  let output = '';
  const listeners: Array<() => void> = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    listeners.forEach((listener) => listener());
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    child,
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

/** The address a started server listens on, from Fastify's own start line. */
export async function listeningUrl(server: StartedServer): Promise<string> {
  const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  return url!;
}

/** Kills every server started since the last call (call it in afterEach). */
export function killStartedServers(): void {
  running.splice(0).forEach((child) => child.kill());
}

export const tempDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-main-'));

/** The environment of one of several instances on one PostgreSQL schema of TEST_DATABASE_URL: they share the JWT secret. */
export function sharedInstanceEnv(schema: string): Record<string, string> {
  return {
    PORT: '0',
    DATABASE_URL: `${process.env.TEST_DATABASE_URL}?options=-c%20search_path%3D${schema}`,
    JWT_SECRET: 'two-instances-share-this-secret-0123456789',
    ADMIN_USERNAME: 'chef',
    ADMIN_PASSWORD: 'sehr-geheim',
  };
}
