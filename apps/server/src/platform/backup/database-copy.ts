import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { openDatabase, type Db } from '../db/database';
import { BackupError } from './manifest';
import { refuseWhileInstallationRunsSql } from '../db/installation-lock';
import { sqlIdentifier, sqlLiteral } from '../db/sql-text';
import { restoreInOneTransaction, runPostgresTool } from './postgres-tools';
import { createBackupRepository, sqliteFileInUse } from './repository';

export interface DatabaseContents {
  migrations: string[];
  rowCounts: Record<string, number>;
}

export const sqliteFileOf = (dataDir: string) => path.join(dataDir, 'app.db');

async function contentsOf(db: Db): Promise<DatabaseContents> {
  const repository = createBackupRepository(db);
  return { migrations: await repository.appliedMigrations(), rowCounts: await repository.rowCounts() };
}

/** What an SQLite file holds (row counts per table, applied migrations). */
export async function sqliteContents(file: string): Promise<DatabaseContents> {
  const database = openDatabase({ sqliteFile: file });
  try {
    return await contentsOf(database.db);
  } finally {
    await database.close();
  }
}

/**
 * SQLite's online backup while the server keeps writing: the whole file is copied in one step,
 * which is one read transaction, so the copy is one consistent state and never starts over.
 */
export async function copySqlite(source: string, target: string): Promise<DatabaseContents> {
  const database = new SqliteDatabase(source, { fileMustExist: true, timeout: 5000 });
  try {
    await database.backup(target, { progress: () => 0x7fffffff });
  } finally {
    database.close();
  }
  return sqliteContents(target);
}

/** Whether a running server has the SQLite file open; a missing file is not in use. */
export function sqliteInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const database = new SqliteDatabase(file, { fileMustExist: true, timeout: 0 });
  try {
    return sqliteFileInUse(database);
  } finally {
    database.close();
  }
}

/**
 * The schema the server will work in once the archive's schema exists: the first search_path entry
 * ("$user" being the user's name) that exists or is the archive's. A schema dropped for the restore
 * (or never created) is found this way, where current_schema() would skip it.
 */
export async function postgresSchemaOf(db: Db, archived: string | undefined): Promise<string> {
  const repository = createBackupRepository(db);
  const user = await repository.currentUser();
  const entries = (await repository.searchPath())
    .split(',')
    .map((entry) => entry.trim().replace(/^"(.*)"$/, '$1'))
    .map((entry) => (entry === '$user' ? user : entry))
    .filter(Boolean);
  for (const entry of entries) {
    if (entry === archived || (await repository.schemaExists(entry))) return entry;
  }
  const first = entries[0];
  if (!first) throw new BackupError('DATABASE_URL names no schema (the search_path is empty)');
  return first;
}

/**
 * pg_dump of the installation's schema. The row counts are taken in a transaction whose snapshot
 * pg_dump imports (--snapshot), so the manifest describes exactly the dumped state while the server writes on.
 */
export async function dumpPostgres(databaseUrl: string, target: string): Promise<DatabaseContents & { schema: string }> {
  const database = openDatabase({ databaseUrl });
  try {
    return await database.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      const repository = createBackupRepository(trx);
      const schema = await repository.currentSchema();
      if (!schema) throw new BackupError('DATABASE_URL: its schema does not exist; nothing to back up');
      const snapshot = await repository.exportSnapshot();
      const contents = await contentsOf(trx);
      await runPostgresTool('pg_dump', ['--format=custom', `--schema=${sqlIdentifier(schema)}`, `--snapshot=${snapshot}`, `--file=${target}`], databaseUrl);
      return { ...contents, schema };
    });
  } finally {
    await database.close();
  }
}

export const runningServerMessage = (where: string) => `Ein Bauakte-Server läuft auf ${where} / a server is running on this database: stop it before restoring`;

/** A statement that raises, and so rolls the restore back, unless the table holds as many rows as the manifest says. */
function rowCountCheck(schema: string, table: string, expected: number): string {
  // RAISE's format: % is a placeholder, %% a percent sign.
  const name = table.replaceAll('%', '%%');
  const message = `Nach dem Einspielen / after pg_restore: Tabelle ${name} hat % Zeilen, erwartet ${expected} / table ${name} has % rows, the manifest says ${expected}`;
  return [
    'do $bauakte$ declare found bigint; begin',
    `  select count(*) into found from ${sqlIdentifier(schema)}.${sqlIdentifier(table)};`,
    `  if found <> ${expected} then raise exception ${sqlLiteral(message)}, found, found; end if;`,
    'end $bauakte$;',
  ].join('\n');
}

/**
 * Replaces the schema by the dumped one in one transaction: refused while a server runs on it (it
 * holds the installation lock), the schema dropped with everything in it, created again from the
 * dump, and every table's rows counted against the manifest — a failure anywhere leaves the
 * installation as it was.
 */
export async function restorePostgres(databaseUrl: string, schema: string, dump: string, rowCounts: Record<string, number>): Promise<void> {
  const prologue = [
    refuseWhileInstallationRunsSql(schema, runningServerMessage(`Schema ${schema}`)),
    `drop schema if exists ${sqlIdentifier(schema)} cascade;`,
  ].join('\n');
  const epilogue = Object.entries(rowCounts).map(([table, count]) => rowCountCheck(schema, table, count)).join('\n');
  await restoreInOneTransaction(databaseUrl, dump, prologue, epilogue);
}
