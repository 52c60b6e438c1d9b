import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import serverPackage from '../../../package.json' with { type: 'json' };
import { ensureWritableDataDir } from '../data-dir';
import { writeArchive } from './archive';
import { copySqlite, dumpPostgres, sqliteFileOf } from './database-copy';
import { createStaging, filesBelow, removeStaging, sha256Of } from './file-tree';
import { BackupError, formatName, formatVersion, manifestName, type Manifest, type ManifestFile } from './manifest';

export const storeDirOf = (dataDir: string) => path.join(dataDir, 'files');
export const jwtSecretFileOf = (dataDir: string) => path.join(dataDir, 'jwt-secret');
/** The archive is written under this name and renamed when complete, so FILE is never half an archive. */
export const partialFileOf = (target: string) => `${target}.${process.pid}.partial`;

/**
 * Puts every file of the store into the staging folder as a hard link: no bytes are copied, and a
 * file deleted afterwards (its row gone after the database copy) is still archived. Where hard
 * links are impossible (another file system) a symbolic link stands in, followed when archiving.
 */
async function linkStoreFiles(storeDir: string, stagedDir: string): Promise<void> {
  for await (const key of filesBelow(storeDir)) {
    const target = path.join(stagedDir, key);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await fsp.link(path.join(storeDir, key), target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOENT') continue;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
      await fsp.symlink(path.join(storeDir, key), target);
    }
  }
}

async function describeFiles(stagedDir: string): Promise<ManifestFile[]> {
  const entries: ManifestFile[] = [];
  for await (const key of filesBelow(stagedDir)) {
    const file = path.join(stagedDir, key);
    entries.push({ key, size: (await fsp.stat(file)).size, sha256: await sha256Of(file) });
  }
  return entries;
}

async function copyDatabase(config: Config, stagingDir: string): Promise<Manifest['database']> {
  await fsp.mkdir(path.join(stagingDir, 'database'), { mode: 0o700 });
  if (!config.databaseUrl) {
    const archived = 'database/app.db' as const;
    return { path: archived, ...(await copySqlite(sqliteFileOf(config.dataDir), path.join(stagingDir, archived))) };
  }
  const archived = 'database/postgres.dump' as const;
  return { path: archived, ...(await dumpPostgres(config.databaseUrl, path.join(stagingDir, archived))) };
}

/**
 * Writes one archive of the installation while the server runs: manifest, database and the disk
 * store's files (with S3 the bucket is backed up by the provider's tools, see docs/operations.md).
 * The store is linked before and after the database copy, so every file a copied row names is there.
 */
export async function createBackup(config: Config, target: string): Promise<Manifest> {
  if (fs.existsSync(target)) throw new BackupError(`${target} existiert bereits / already exists: choose a new file name`);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`Ordner fehlt / folder ${path.dirname(target)} does not exist`);
  if (!config.databaseUrl && !fs.existsSync(sqliteFileOf(config.dataDir))) {
    throw new BackupError(`Keine Datenbank / no database at ${sqliteFileOf(config.dataDir)}: nothing to back up (is DATA_DIR right?)`);
  }
  ensureWritableDataDir(config.dataDir);
  // Inside DATA_DIR, so the store's files can be hard-linked (one file system).
  const stagingDir = await createStaging(config.dataDir, 'backup');
  const partial = partialFileOf(target);
  try {
    const stagedFiles = path.join(stagingDir, 'files');
    const diskStore = !config.s3;
    if (diskStore) {
      await fsp.mkdir(stagedFiles, { mode: 0o700 });
      await linkStoreFiles(storeDirOf(config.dataDir), stagedFiles);
    }
    const database = await copyDatabase(config, stagingDir);
    if (diskStore) await linkStoreFiles(storeDirOf(config.dataDir), stagedFiles);
    const files = diskStore ? await describeFiles(stagedFiles) : [];
    const jwtSecret = fs.existsSync(jwtSecretFileOf(config.dataDir));
    if (jwtSecret) await fsp.copyFile(jwtSecretFileOf(config.dataDir), path.join(stagingDir, 'jwt-secret'));

    const manifest: Manifest = {
      format: formatName,
      formatVersion,
      bauakteVersion: serverPackage.version,
      createdAt: new Date().toISOString(),
      dialect: config.databaseUrl ? 'postgres' : 'sqlite',
      database,
      files: { store: diskStore ? 'disk' : 's3', count: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0), entries: files },
      jwtSecret,
    };
    await fsp.writeFile(path.join(stagingDir, manifestName), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    await writeArchive(stagingDir, ['database', ...(jwtSecret ? ['jwt-secret'] : []), ...(diskStore ? ['files'] : [])], partial);
    await fsp.rename(partial, target);
    return manifest;
  } finally {
    await fsp.rm(partial, { force: true });
    await removeStaging(stagingDir);
  }
}
