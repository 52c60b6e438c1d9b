import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { openDatabase } from '../db/database';
import { migrations } from '../db/migrations/index';
import { ensureWritableDataDir } from '../data-dir';
import { extractArchive, readManifest } from './archive';
import { jwtSecretFileOf, storeDirOf } from './backup';
import { postgresSchemaOf, restorePostgres, runningServerMessage, sqliteContents, sqliteFileOf, sqliteInUse, type DatabaseContents } from './database-copy';
import { createStaging, filesBelow, hasFilesBelow, removeStaging, sha256Of } from './file-tree';
import { BackupError, type Manifest } from './manifest';
import { createBackupRepository, isBookkeepingTable } from './repository';

export interface RestoreOptions {
  /** Replace an installation that already holds rows or files. */
  force: boolean;
}

const dialectNames = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

function checkCompatible(manifest: Manifest, config: Config): void {
  const configured = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== configured) {
    throw new BackupError(
      `Die Sicherung enthält eine ${dialectNames[manifest.dialect]}-Datenbank, konfiguriert ist ${dialectNames[configured]} / the backup holds a ${dialectNames[manifest.dialect]} database but this installation uses ${dialectNames[configured]} (DATABASE_URL is ${config.databaseUrl ? 'set' : 'not set'})`,
    );
  }
  const unknown = manifest.database.migrations.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new BackupError(`Die Sicherung stammt von einer neueren Bauakte / the backup comes from a newer Bauakte (${manifest.bauakteVersion}, migration ${unknown[0]}): update Bauakte first`);
  }
  if (manifest.files.store === 'disk' && manifest.files.count > 0 && config.s3) {
    throw new BackupError('Die Sicherung enthält Dateien des Datenträgers, konfiguriert ist S3 / the backup holds files of the disk store but S3_BUCKET is set');
  }
  if (manifest.files.store === 's3' && !config.s3) {
    throw new BackupError('Die Dateien dieser Sicherung liegen im S3-Bucket / the files of this backup are in an S3 bucket: set S3_BUCKET (and restore the bucket with the provider\'s tools)');
  }
}

const rowsOutsideBookkeeping = (counts: Record<string, number>) =>
  Object.entries(counts).reduce((sum, [table, count]) => (isBookkeepingTable(table) ? sum : sum + count), 0);

/** Rows the installation holds now (0 for a missing database or schema); the schema PostgreSQL restores into. */
async function currentInstallation(config: Config, manifest: Manifest): Promise<{ rows: number; schema?: string }> {
  if (!config.databaseUrl) {
    const file = sqliteFileOf(config.dataDir);
    if (sqliteInUse(file)) throw new BackupError(runningServerMessage(file));
    return { rows: fs.existsSync(file) ? rowsOutsideBookkeeping((await sqliteContents(file)).rowCounts) : 0 };
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl });
  try {
    const schema = await postgresSchemaOf(database.db, manifest.database.schema);
    const repository = createBackupRepository(database.db);
    if (await repository.installationInUse(schema)) throw new BackupError(runningServerMessage(`Schema ${schema}`));
    const rows = (await repository.schemaExists(schema)) ? rowsOutsideBookkeeping(await repository.rowCounts()) : 0;
    return { rows, schema };
  } finally {
    await database.close();
  }
}

function compareCounts(expected: Record<string, number>, actual: DatabaseContents, where: string): void {
  for (const table of new Set([...Object.keys(expected), ...Object.keys(actual.rowCounts)])) {
    if (expected[table] !== actual.rowCounts[table]) {
      throw new BackupError(`${where}: Tabelle ${table} hat ${actual.rowCounts[table] ?? 0} Zeilen, erwartet ${expected[table] ?? 0} / table ${table} has ${actual.rowCounts[table] ?? 0} rows, the manifest says ${expected[table] ?? 0}`);
    }
  }
}

/** Every file the manifest names, with its size and sha256, and no other. */
async function verifyFiles(manifest: Manifest, stagedDir: string): Promise<void> {
  const expected = new Map(manifest.files.entries.map((entry) => [entry.key, entry]));
  let found = 0;
  for await (const key of filesBelow(stagedDir)) {
    const entry = expected.get(key);
    if (!entry) throw new BackupError(`Das Archiv ist beschädigt / the archive is damaged (files/${key} is not in the manifest)`);
    const file = path.join(stagedDir, key);
    if ((await fsp.stat(file)).size !== entry.size || (await sha256Of(file)) !== entry.sha256) {
      throw new BackupError(`Das Archiv ist beschädigt / the archive is damaged (files/${key} does not match its sha256)`);
    }
    found += 1;
  }
  if (found !== expected.size) throw new BackupError(`Das Archiv ist beschädigt / the archive is damaged (${expected.size - found} of ${expected.size} files are missing)`);
}

async function replaceStore(dataDir: string, stagingDir: string): Promise<void> {
  const storeDir = storeDirOf(dataDir);
  if (fs.existsSync(storeDir)) await fsp.rename(storeDir, path.join(stagingDir, 'replaced-files'));
  await fsp.rename(path.join(stagingDir, 'files'), storeDir);
}

/** SQLite: the old file's WAL must go first, or SQLite would replay it onto the restored file. */
async function replaceSqlite(dataDir: string, staged: string): Promise<void> {
  const file = sqliteFileOf(dataDir);
  if (sqliteInUse(file)) throw new BackupError(runningServerMessage(file));
  await fsp.rm(`${file}-wal`, { force: true });
  await fsp.rm(`${file}-shm`, { force: true });
  await fsp.rename(staged, file);
}

/** The schema to restore into (PostgreSQL); refuses another schema, and a non-empty installation without force. */
async function checkTarget(config: Config, manifest: Manifest, options: RestoreOptions): Promise<string | undefined> {
  const current = await currentInstallation(config, manifest);
  if (current.schema !== undefined && manifest.database.schema !== current.schema) {
    throw new BackupError(`Die Sicherung ist aus dem Schema ${manifest.database.schema}, DATABASE_URL nennt ${current.schema} / the backup is of schema ${manifest.database.schema} but DATABASE_URL uses ${current.schema} (set its search_path to ${manifest.database.schema})`);
  }
  const files = config.s3 ? false : await hasFilesBelow(storeDirOf(config.dataDir));
  if ((current.rows > 0 || files) && !options.force) {
    throw new BackupError(`Die Installation ist nicht leer / the installation is not empty (${current.rows} rows${files ? ', files in DATA_DIR/files' : ''}): restore with --force to replace it`);
  }
  return current.schema;
}

/** Everything the manifest promises is in the unpacked archive, byte for byte. */
async function verifyStaged(manifest: Manifest, stagingDir: string): Promise<void> {
  const missing = [manifest.database.path, ...(manifest.jwtSecret ? ['jwt-secret'] : [])].find((entry) => !fs.existsSync(path.join(stagingDir, entry)));
  if (missing) throw new BackupError(`Das Archiv ist beschädigt / the archive is damaged (${missing} is missing)`);
  if (manifest.files.store === 'disk') {
    await fsp.mkdir(path.join(stagingDir, 'files'), { recursive: true, mode: 0o700 });
    await verifyFiles(manifest, path.join(stagingDir, 'files'));
  }
  if (manifest.dialect === 'sqlite') compareCounts(manifest.database.rowCounts, await sqliteContents(path.join(stagingDir, manifest.database.path)), 'Datenbank im Archiv / database in the archive');
}

/**
 * Replaces the configured installation by the archive's: checks the manifest, refuses a non-empty
 * installation without force, unpacks beside DATA_DIR's contents, verifies every file's sha256 and
 * the database's row counts, and only then swaps database and files in.
 */
export async function restoreBackup(config: Config, source: string, options: RestoreOptions): Promise<Manifest> {
  if (!fs.existsSync(source)) throw new BackupError(`${source} gibt es nicht / does not exist`);
  const manifest = await readManifest(source);
  checkCompatible(manifest, config);
  const schema = await checkTarget(config, manifest, options);

  ensureWritableDataDir(config.dataDir);
  const stagingDir = await createStaging(config.dataDir, 'restore');
  try {
    await extractArchive(source, stagingDir);
    await verifyStaged(manifest, stagingDir);
    const stagedDatabase = path.join(stagingDir, manifest.database.path);
    if (config.databaseUrl && schema) {
      await restorePostgres(config.databaseUrl, schema, stagedDatabase, manifest.database.rowCounts);
    } else {
      await replaceSqlite(config.dataDir, stagedDatabase);
    }
    if (manifest.files.store === 'disk') await replaceStore(config.dataDir, stagingDir);
    if (manifest.jwtSecret) await fsp.rename(path.join(stagingDir, 'jwt-secret'), jwtSecretFileOf(config.dataDir));
    return manifest;
  } finally {
    await removeStaging(stagingDir);
  }
}
