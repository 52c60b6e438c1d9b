import { sql } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import { isPostgresDb, type Db } from '../db/database';
import { installationLockClass } from '../db/installation-lock';

/** Kysely's own bookkeeping: rows there say which migrations ran, not that anyone used the portal. */
const migrationTables = new Set(['kysely_migration', 'kysely_migration_lock']);

export const isBookkeepingTable = (table: string): boolean => migrationTables.has(table);

/** Tables are read from the database itself, so a table a future migration adds is covered without a change here. */
export function createBackupRepository(db: Db) {
  const quoted = (table: string) => sql.id(table);

  return {
    async tables(): Promise<string[]> {
      const rows = isPostgresDb(db)
        ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
      return rows.rows.map((row) => row.name);
    },

    async rowCount(table: string): Promise<number> {
      const result = await sql<{ count: string | number }>`select count(*) as count from ${quoted(table)}`.execute(db);
      return Number(result.rows[0]?.count ?? 0);
    },

    async rowCounts(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const table of await this.tables()) counts[table] = await this.rowCount(table);
      return counts;
    },

    /** Every row of a table as stored, in no particular order (tests compare them as sets). */
    async rows(table: string): Promise<Array<Record<string, unknown>>> {
      return (await sql<Record<string, unknown>>`select * from ${quoted(table)}`.execute(db)).rows;
    },

    async appliedMigrations(): Promise<string[]> {
      if (!(await this.tables()).includes('kysely_migration')) return [];
      const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      return rows.rows.map((row) => row.name);
    },

    /** The schema unqualified names go to: the first existing entry of the search_path (PostgreSQL). */
    async currentSchema(): Promise<string | null> {
      const result = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
      return result.rows[0]?.schema ?? null;
    },

    /** The search_path as configured, for a schema that does not exist yet (a restore into a fresh database). */
    async searchPath(): Promise<string> {
      const result = await sql<{ path: string }>`select current_setting('search_path') as path`.execute(db);
      return result.rows[0]?.path ?? '';
    },

    async currentUser(): Promise<string> {
      const result = await sql<{ name: string }>`select current_user as name`.execute(db);
      return result.rows[0]?.name ?? '';
    },

    async schemaExists(schema: string): Promise<boolean> {
      const result = await sql<{ found: number }>`select 1 as found from information_schema.schemata where schema_name = ${schema}`.execute(db);
      return result.rows.length > 0;
    },

    /**
     * Whether a server runs on the schema (PostgreSQL): it holds the installation lock shared
     * (db/installation-lock.ts), so the exclusive one is refused; if granted, it is given back at once.
     */
    async installationInUse(schema: string): Promise<boolean> {
      return db.connection().execute(async (connection) => {
        const key = sql`${sql.lit(installationLockClass)}, hashtext(${schema})`;
        const result = await sql<{ free: boolean }>`select pg_try_advisory_lock(${key}) as free`.execute(connection);
        if (!result.rows[0]?.free) return true;
        await sql`select pg_advisory_unlock(${key})`.execute(connection);
        return false;
      });
    },

    async dropSchema(schema: string): Promise<void> {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    },

    async createSchema(schema: string): Promise<void> {
      await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    },

    /** Names this transaction's snapshot, so pg_dump (--snapshot) sees exactly what the row counts saw. */
    async exportSnapshot(): Promise<string> {
      const result = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(db);
      const snapshot = result.rows[0]?.snapshot;
      if (!snapshot) throw new Error('PostgreSQL exported no snapshot');
      return snapshot;
    },
  };
}

export type BackupRepository = ReturnType<typeof createBackupRepository>;

/**
 * Whether another connection (a running server) has the SQLite file open: in WAL mode every open
 * connection holds a shared lock, so an exclusive one is refused at once.
 */
export function sqliteFileInUse(database: SqliteDatabase.Database): boolean {
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('begin exclusive');
    database.exec('commit');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  }
}
