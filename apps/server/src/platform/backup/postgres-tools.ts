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

/** Runs pg_dump or pg_restore; a failure becomes one line with the tool's last message. */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...libpqEnvironment(databaseUrl) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? missingTool(tool) : error));
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const lastLine = stderr.trim().split('\n').filter(Boolean).at(-1) ?? `exit code ${code}`;
      reject(new BackupError(`${tool} failed: ${lastLine}`));
    });
  });
}
