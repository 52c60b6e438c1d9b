/** A unique index refused the row (SQLite and PostgreSQL report this differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** A row refers to one that is gone (e.g. a file of a project deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * PostgreSQL refused a prepared statement because a table it reads changed shape since it was
 * prepared ("cached plan must not change result type").
 */
/** A statement named a table that does not exist (a database no migration has run on yet). */
export function isMissingTable(error: unknown): boolean {
  const found = error as { code?: unknown; message?: unknown } | null;
  if (found?.code === '42P01') return true;
  return found?.code === 'SQLITE_ERROR' && typeof found.message === 'string' && found.message.startsWith('no such table');
}

export function isStalePlan(error: unknown): boolean {
  const found = error as { code?: unknown; message?: unknown } | null;
  return found?.code === '0A000' && typeof found.message === 'string' && found.message.includes('cached plan');
}

/** Errors that came out of the PostgreSQL pool: only there does a refused socket mean the database. */
const fromPostgres = new WeakSet<object>();

/** Marks an error the PostgreSQL pool or one of its connections threw (see isDatabaseUnavailable). */
export function rememberPostgresError(error: unknown): void {
  if (typeof error === 'object' && error !== null) fromPostgres.add(error);
}

/**
 * SQLSTATEs of a database going away: 57P01 – 57P03 (shut down by an administrator, a crash, still
 * starting up) and the whole class 08 (connection exceptions).
 */
const unavailableState = /^(57P0[123]|08[0-9A-Z]{3})$/;
/** node-pg's own words for a connection it lost or could not open in time. */
const lostConnectionMessages = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database cannot be reached right now (restarted, failed over, down): the request failed for
 * that alone and may be tried again in a few seconds. Socket errors count only from the PostgreSQL
 * pool, so an unreachable S3 or mail server is not taken for the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && unavailableState.test(code)) return true;
  if (typeof message === 'string' && lostConnectionMessages.some((text) => message.startsWith(text))) return true;
  return fromPostgres.has(error) && typeof code === 'string' && socketCodes.has(code);
}
