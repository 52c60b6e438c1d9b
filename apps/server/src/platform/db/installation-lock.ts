import { sqlLiteral } from './sql-text';

/**
 * "A server runs on this installation", on PostgreSQL, where a restore cannot see the server's
 * processes: every instance holds a shared advisory lock on its schema for as long as it runs (on
 * the fan-out's LISTEN connection, fanout/fanout.ts), and a restore takes the same lock exclusively —
 * refused while any instance holds it, and held by the restore's transaction until the replaced
 * schema is committed, so an instance started meanwhile waits instead of reading a half-restored
 * schema. The lock goes with the connection: a killed server holds nothing.
 */

/** The lock's first key ('BAKT'), so it cannot meet another application's advisory locks. */
export const installationLockClass = 0x42414b54;

/**
 * Held by a running instance; waits while a restore holds the lock. $1 names the schema, or is null
 * for the connection's current schema (the installation's own, from DATABASE_URL's search_path).
 */
export const holdInstallationSharedSql = `select pg_advisory_lock_shared(${installationLockClass}, hashtext(coalesce($1::text, current_schema())))`;

/** For a script run in one transaction (psql): takes the lock exclusively or raises `message`, which rolls the script back. */
export function refuseWhileInstallationRunsSql(schema: string, message: string): string {
  return [
    'do $bauakte$ begin',
    `  if not pg_try_advisory_xact_lock(${installationLockClass}, hashtext(${sqlLiteral(schema)})) then`,
    `    raise exception using message = ${sqlLiteral(message)};`,
    '  end if;',
    'end $bauakte$;',
  ].join('\n');
}
