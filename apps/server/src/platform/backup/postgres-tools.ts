import { spawn } from 'node:child_process';
import { BackupError } from './manifest';

/**
 * libpq's variables for a DATABASE_URL: pg_dump and pg_restore get the connection from the
 * environment, so node-pg's own URL parameters (ssl=true …) never reach libpq, and the password
 * never appears in a process listing.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const host = url.searchParams.get('host') ?? decodeURIComponent(url.hostname);
  if (host) env.PGHOST = host;
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const ssl = url.searchParams.get('sslmode') ?? (['true', '1'].includes(url.searchParams.get('ssl') ?? '') ? 'require' : undefined);
  if (ssl) env.PGSSLMODE = ssl;
  return env;
}

const missingTool = (tool: string) =>
  new BackupError(
    `${tool} wurde nicht gefunden / ${tool} was not found on the PATH: install the PostgreSQL client tools of the database server's major version (Debian: apt-get install postgresql-client-15)`,
  );

interface ToolRun {
  exited: Promise<number | null>;
  lastMessage: () => string;
}

type Tool = 'pg_dump' | 'pg_restore' | 'psql';

/** A PostgreSQL client tool with the connection in its environment; its stderr is kept for the message of a failure. */
function startTool(tool: Tool, args: string[], databaseUrl: string, stdio: { stdin: 'ignore' | 'pipe'; stdout: 'ignore' | 'pipe' }): { child: ReturnType<typeof spawn>; run: ToolRun } {
  const child = spawn(tool, args, { env: { ...process.env, ...libpqEnvironment(databaseUrl) }, stdio: [stdio.stdin, stdio.stdout, 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? missingTool(tool) : error));
    child.on('close', (code) => resolve(code));
  });
  // psql follows an error with CONTEXT and other lines: the ERROR line is the one that says what failed.
  const lastMessage = () => {
    const lines = stderr.trim().split('\n').filter(Boolean);
    const error = lines.findLast((line) => /\b(ERROR|FATAL):/.test(line));
    return (error ?? lines.at(-1) ?? '').replace(/^.*?\b(ERROR|FATAL):\s+/, '');
  };
  return { child, run: { exited, lastMessage } };
}

/** Runs pg_dump; a failure becomes one line with the tool's last message. */
export async function runPostgresTool(tool: 'pg_dump', args: string[], databaseUrl: string): Promise<void> {
  const { run } = startTool(tool, args, databaseUrl, { stdin: 'ignore', stdout: 'ignore' });
  const code = await run.exited;
  if (code !== 0) throw new BackupError(`${tool} failed: ${run.lastMessage() || `exit code ${code}`}`);
}

/**
 * Runs `prologue`, the dump as pg_restore writes it out as SQL, and `epilogue` through psql in ONE
 * transaction: any error — a failed statement, a check in the epilogue, pg_restore stopping
 * half-way — rolls all of it back, so the database is either the dump's or as it was. psql gets
 * the epilogue and the end of its input only after pg_restore has exited cleanly; otherwise it is
 * killed in the open transaction, which PostgreSQL then rolls back.
 */
export async function restoreInOneTransaction(databaseUrl: string, dump: string, prologue: string, epilogue: string): Promise<void> {
  const psql = startTool('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', '--file=-'], databaseUrl, { stdin: 'pipe', stdout: 'ignore' });
  const restore = startTool('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dump], databaseUrl, { stdin: 'ignore', stdout: 'pipe' });
  const input = psql.child.stdin!;
  // psql stopping at an error closes its input; its exit code and message tell what happened.
  input.on('error', () => undefined);
  input.write(`${prologue}\n`);
  restore.child.stdout!.pipe(input, { end: false });
  void psql.run.exited.then(() => restore.child.kill(), () => restore.child.kill());

  let restoreCode: number | null;
  try {
    restoreCode = await restore.run.exited;
  } catch (error) {
    psql.child.kill('SIGKILL');
    await psql.run.exited.catch(() => undefined);
    throw error;
  }
  if (restoreCode !== 0 && psql.child.exitCode === null) {
    psql.child.kill('SIGKILL');
    await psql.run.exited.catch(() => undefined);
    throw new BackupError(`pg_restore failed: ${restore.run.lastMessage() || `exit code ${restoreCode}`}`);
  }
  input.end(`\n${epilogue}\n`);
  const psqlCode = await psql.run.exited;
  if (psqlCode !== 0) throw new BackupError(psql.run.lastMessage() || `psql failed: exit code ${psqlCode}`);
}
