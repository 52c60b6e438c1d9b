import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  CamelCasePlugin, Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type CompiledQuery, type PostgresPool, type RawBuilder, type SqliteDialectConfig,
} from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations/index';
import { isMissingTable } from './errors';
import { withWritePermits, writePermitsFor } from './write-permits';
import { withNamedStatements } from './named-statements';

export type DialectName = 'sqlite' | 'postgres';

/** The database, or a transaction on it: repositories take either, so they work inside one. */
export type Db = Kysely<Database>;

/**
 * Runs work in one transaction: all of it is stored, or none. On SQLite Kysely holds the one
 * connection for the whole transaction, so transactions run one after another; on PostgreSQL
 * repositories take row locks (see lockProject) where concurrent writers must wait for each other.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** Which rows of a list one page holds. */
export interface PageWindow {
  offset: number;
  limit: number;
}

export function isPostgresDb(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** How searches compare text: lower case for every letter, umlauts included, and 'ß' as 'ss' ('STRASSE' finds 'Straße'). */
export function foldText(value: string): string {
  return value.toLowerCase().replaceAll('ß', 'ss');
}

/** foldText inside a query, in both dialects. */
export function foldCase(db: Db, value: RawBuilder<string>): RawBuilder<string> {
  return isPostgresDb(db) ? sql<string>`replace(lower(${value}), 'ß', 'ss')` : sql<string>`fold_case(${value})`;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For writes whose loss in a crash would do no harm (that a project was seen, that messages were
   * read): on PostgreSQL its own few connections with asynchronous commit, which answer without
   * waiting for the disk to flush the WAL — a slow flush held every commit for up to a second under
   * the workload, and with them the opening of a project. On SQLite the one database.
   */
  asyncCommitDb: Kysely<Database>;
  dialect: DialectName;
  /** Where a PostgreSQL database is, for connections of their own (the live channel's LISTEN). */
  postgres?: { url: string; schema?: string };
  /**
   * Tells of every pooled PostgreSQL connection the database ended or lost (a restart, a failover).
   * Such an error fails only the request that used the connection; the pool opens a new one for the
   * next. Without a listener the errors are dropped, never thrown (SQLite: never called).
   */
  onConnectionLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it an SQLite file is used. */
  databaseUrl?: string | undefined;
  /** SQLite file, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests use a fresh one each). */
  postgresSchema?: string;
  /** PostgreSQL connections kept at most (DATABASE_POOL_SIZE). */
  postgresPoolSize?: number;
  /** Called with every statement run, as sent (the query-plan test looks at each). */
  onQuery?: (query: CompiledQuery, ms?: number) => void;
}

/** Kysely's log option, only when someone listens: the server itself logs no statements. */
function queryLog(onQuery: DatabaseOptions['onQuery']) {
  return onQuery ? { log: (event: { query: CompiledQuery; queryDurationMillis: number }) => onQuery(event.query, event.queryDurationMillis) } : {};
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.postgresSchema, options.postgresPoolSize ?? defaultPostgresPoolSize, options.onQuery);
  return openSqlite(options.sqliteFile ?? ':memory:', options.onQuery);
}

/** A quoted string or name, or a parameter: the parameters outside quotes are what planOnce marks. */
const quotedOrParameter = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g;

/**
 * The statement with each parameter written `+?`, which SQLite plans without looking at its value.
 * SQLite's planner reads the value bound to a bare `?` in a LIMIT, in an `=` it weighs, or in a
 * LIKE, and then marks the statement to be planned anew whenever that parameter is bound again;
 * better-sqlite3 clears the bindings after every run, so such a statement (the project check of
 * nearly every request, a chat's look-up, every paged list) would be parsed and planned again on
 * every run. The
 * unary plus changes no value (it is a no-op on any type) and no affinity (a parameter has none).
 */
export function planOnce(sqlText: string): string {
  return sqlText.replace(quotedOrParameter, (token) => (token === '?' ? '+?' : token));
}

/**
 * Kysely prepares every query anew, a cost every authenticated read would pay.
 * Statements are reusable, so keep the most recent ones per SQL text.
 */
function withStatementCache(database: SqliteDatabase.Database, limit = 500): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare: (sqlText: string) => {
      const cached = statements.get(sqlText);
      if (cached) return cached;
      const statement = database.prepare(planOnce(sqlText));
      if (statements.size >= limit) statements.delete(statements.keys().next().value as string);
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

/** The database holds password hashes and live sessions: only the server's own user may read it. */
function createPrivately(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  // Files from older versions were created 0644; SQLite gives its -wal and -shm files the same mode.
  fs.chmodSync(file, 0o600);
}

function openSqlite(file: string, onQuery?: DatabaseOptions['onQuery']): DatabaseHandle {
  if (file !== ':memory:') createPrivately(file);
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // SQLite's lower() folds only A–Z; searches fold 'Ä', 'Ö', 'Ü' too, as foldCase does on PostgreSQL.
  database.function('fold_case', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? foldText(value) : value));
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    plugins: [new CamelCasePlugin()],
    ...queryLog(onQuery),
  });
  return { db, asyncCommitDb: db, dialect: 'sqlite', onConnectionLost: () => {}, close: () => db.destroy() };
}

/**
 * Connections an instance keeps at most. A dashboard asks five things at once, and each waits for a
 * connection: with too few, a few commits waiting for their WAL flush hold up everyone's reads.
 * PostgreSQL's own limit is 100 by default: mind it with many instances.
 */
export const defaultPostgresPoolSize = 20;

function openPostgres(url: string, schema: string | undefined, poolSize: number, onQuery?: DatabaseOptions['onQuery']): DatabaseHandle {
  const settings = (...options: string[]) => ({ options: [...options, ...(schema ? [`-c search_path=${schema}`] : [])].join(' ') });
  const kysely = (pool: PostgresPool) => new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()], ...queryLog(onQuery) });
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...settings() });
  const db = kysely(withWritePermits(withNamedStatements(pool), writePermitsFor(poolSize)));
  // Its commits never wait for the disk, so they need no permit: its size is their limit.
  const asyncCommitPool = new pg.Pool({ connectionString: url, max: asyncCommitPoolSize(poolSize), ...settings('-c synchronous_commit=off') });
  const asyncCommitDb = kysely(withNamedStatements(asyncCommitPool));
  // node-pg emits 'error' on the pool when a connection is lost (PostgreSQL restarting ends every
  // one with 57P01); unheard, that event ends the process. The pool has already dropped the
  // connection and opens new ones on demand.
  const lostListeners: Array<(error: Error) => void> = [];
  const lost = (error: Error) => lostListeners.forEach((listener) => listener(error));
  pool.on('error', lost);
  asyncCommitPool.on('error', lost);
  // The pool hears a connection's 'error' while it is idle, the statement's wrapper while it is
  // checked out; in between (being handed over or ended) nobody would, and an unheard 'error' ends
  // the process for everyone.
  for (const each of [pool, asyncCommitPool]) each.on('connect', (client) => client.on('error', () => undefined));
  return {
    db,
    asyncCommitDb,
    dialect: 'postgres',
    postgres: { url, ...(schema ? { schema } : {}) },
    onConnectionLost: (listener) => {
      lostListeners.push(listener);
    },
    close: async () => {
      await Promise.all([db.destroy(), asyncCommitDb.destroy()]);
    },
  };
}

/** A fifth of the main pool, at least one connection. */
export function asyncCommitPoolSize(poolSize: number): number {
  return Math.max(1, Math.floor(poolSize / 5));
}

/**
 * SQLite plans by statistics only once ANALYZE has gathered them: without, it reads the customer list
 * through the index on the users' role instead of the one on their architect. PRAGMA optimize
 * gathers them where they are missing or stale, with a bounded
 * effort — 0x10002 when the server starts, as SQLite's documentation advises for long-lived
 * connections, then plainly every hour. PostgreSQL's autovacuum does this on its own.
 */
export async function refreshStatistics(db: Kysely<Database>, when: 'start' | 'periodic'): Promise<void> {
  if (isPostgresDb(db)) return;
  await (when === 'start' ? sql`pragma optimize = 0x10002` : sql`pragma optimize`).execute(db);
}

export async function checkDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The schema our migration table stands in: PostgreSQL's current one; none on SQLite. */
async function migrationSchemaOf(db: Kysely<Database>): Promise<string | undefined> {
  if (!isPostgresDb(db)) return undefined;
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
}

/**
 * Kysely looks for its migration tables by name in every schema it can see; naming ours keeps
 * another schema's (another app's, or a test's left behind) from being taken for them.
 */
async function migratorOf(db: Kysely<Database>): Promise<Migrator> {
  const migrationTableSchema = await migrationSchemaOf(db);
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = await migratorOf(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${detail}`);
  }
}

/**
 * The names of migrations this code knows that the database has not run (readiness). Read from our
 * own migration table, not through Kysely's introspection: that lists the tables of every schema,
 * and fails when another schema of the database is dropped meanwhile.
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const executed = await executedMigrations(db);
  return Object.keys(migrations).filter((name) => !executed.has(name));
}

async function executedMigrations(db: Kysely<Database>): Promise<Set<string>> {
  const schema = await migrationSchemaOf(db);
  const table = schema ? sql.id(schema, 'kysely_migration') : sql.id('kysely_migration');
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    return new Set(rows.map((row) => row.name));
  } catch (error) {
    if (isMissingTable(error)) return new Set();
    throw error;
  }
}
