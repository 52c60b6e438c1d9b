import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server a test owns alone, for what must never happen to the shared one on 5432:
 * stopping and restarting it under a running app. Debian's postgresql package brings initdb and
 * pg_ctl (not on the PATH); the server runs as the `postgres` user when the tests run as root,
 * since PostgreSQL refuses to run as root.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust, no password). */
  url: string;
  /** Stops it the way an update does (pg_ctl stop -m fast: every session ends with 57P01). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** pg_ctl restart -m fast, as a package update or a failover does it. */
  restart(): Promise<void>;
  /** Stops it and removes its data folder. */
  remove(): Promise<void>;
}

/** The bin folder of the newest PostgreSQL with initdb and pg_ctl, or undefined when none is installed. */
export function postgresBinDir(root = '/usr/lib/postgresql'): string | undefined {
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((version) => ['initdb', 'pg_ctl'].every((tool) => fs.existsSync(path.join(root, version, 'bin', tool))))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the postgres user (as ourselves when not root). */
async function asPostgres(tool: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, args];
  try {
    // initdb and a start or stop take seconds, many more on a busy machine.
    await run(command, commandArgs, { timeout: 120_000 });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${path.basename(tool)} ${args.join(' ')} failed: ${stderr || stdout || (error as Error).message}`);
  }
}

export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-pg-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  if (asRoot) {
    const ids = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
    fs.chownSync(folder, await ids('-u'), await ids('-g'));
  }
  const port = await freePort();
  const pgCtl = path.join(binDir, 'pg_ctl');
  await asPostgres(path.join(binDir, 'initdb'), ['--pgdata', dataDir, '--username', 'postgres', '--auth', 'trust', '--no-sync', '--encoding', 'UTF8', '--locale', 'C']);
  // Only on loopback and a socket in its own folder, so it never meets the shared server; no fsync, as nothing here must survive a crash.
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [`port = ${port}`, `listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${folder}'`, 'fsync = off', 'full_page_writes = off', ''].join('\n'),
  );
  const start = () => asPostgres(pgCtl, ['--pgdata', dataDir, '--log', logFile, '--wait', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => asPostgres(pgCtl, ['--pgdata', dataDir, '--mode', mode, '--wait', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => stop(),
    start,
    restart: () => asPostgres(pgCtl, ['--pgdata', dataDir, '--log', logFile, '--mode', 'fast', '--wait', 'restart']),
    async remove() {
      await stop('immediate').catch(() => undefined);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
