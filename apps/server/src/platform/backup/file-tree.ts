import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { filePathsBelow, keyBelow, partSuffix } from '../storage/disk-store';

/** Relative paths ('/'-separated, sorted) of the files below root, without uploads in progress; none when root does not exist. */
export async function* filesBelow(root: string): AsyncGenerator<string> {
  for await (const full of filePathsBelow(root)) {
    if (!full.endsWith(partSuffix)) yield keyBelow(root, full);
  }
}

export async function hasFilesBelow(root: string): Promise<boolean> {
  for await (const _file of filesBelow(root)) return true;
  return false;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Removes a staging folder; a failure here must not hide the error that ended the backup or restore. */
export async function removeStaging(dir: string): Promise<void> {
  // An aborted unpack may still be closing files in it for a moment.
  await fsp.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A staging folder in DATA_DIR named after this process. Folders of backups or restores that were
 * killed are removed first: their hard links would otherwise keep deleted files' space forever.
 */
export async function createStaging(dataDir: string, kind: 'backup' | 'restore'): Promise<string> {
  for (const name of await fsp.readdir(dataDir)) {
    const pid = Number(/^\.(?:backup|restore)-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) await removeStaging(path.join(dataDir, name));
  }
  return fsp.mkdtemp(path.join(dataDir, `.${kind}-${process.pid}-`));
}
