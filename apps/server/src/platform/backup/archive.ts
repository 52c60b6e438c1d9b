import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { BackupError, manifestName, notABackup, parseManifest, type Manifest } from './manifest';

/**
 * Writes the staged folder as one gzip-compressed tar, manifest first, so a restore can check an
 * archive before it unpacks anything. Entries are streamed: no file is held in memory whole.
 * Staged files may be symbolic links to the store's files (where hard links are impossible): they are followed.
 */
export async function writeArchive(stagingDir: string, entries: string[], target: string): Promise<void> {
  const pack = tar.create({ gzip: true, cwd: stagingDir, portable: true, follow: true }, [manifestName, ...entries]);
  // The archive holds password hashes and sessions: for the operator's user only, like DATA_DIR.
  await pipeline(pack, fs.createWriteStream(target, { mode: 0o600, flags: 'wx' }));
}

function damaged(error: unknown): BackupError {
  const reason = error instanceof Error ? error.message : String(error);
  return new BackupError(`Das Archiv ist beschädigt / the archive is damaged (${reason})`);
}

/** Reads only the first entry, which must be manifest.json; the rest of a large archive is not touched. */
export function readManifest(file: string): Promise<Manifest> {
  return new Promise((resolve, reject) => {
    const input = fs.createReadStream(file);
    const parser = new tar.Parser({ strict: true });
    let settled = false;
    const finish = (error: unknown, manifest?: Manifest) => {
      if (settled) return;
      settled = true;
      input.destroy();
      if (manifest) resolve(manifest);
      else reject(error);
    };
    parser.on('entry', (entry: tar.ReadEntry) => {
      if (entry.path !== manifestName) {
        entry.resume();
        finish(notABackup(`its first entry is ${entry.path}, not ${manifestName}`));
        return;
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        try {
          finish(undefined, parseManifest(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          finish(error);
        }
      });
    });
    parser.on('error', (error: unknown) => finish(damaged(error)));
    parser.on('end', () => finish(notABackup(`no ${manifestName}`)));
    input.on('error', (error: NodeJS.ErrnoException) => finish(new BackupError(`${file} cannot be read (${error.code ?? error.message})`)));
    input.pipe(parser);
  });
}

/** What a backup writes: plain files and folders under these names (no links, which could point outside). */
function isExpectedEntry(entryPath: string, entry: { type?: string }): boolean {
  const expectedName = entryPath === manifestName || entryPath === 'jwt-secret' || /^(database|files)(\/|$)/.test(entryPath);
  return expectedName && (entry.type === undefined || entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'Directory');
}

/** Unpacks the archive below dir; only the entries a backup writes are taken, and none may leave dir. */
export async function extractArchive(file: string, dir: string): Promise<void> {
  try {
    await tar.extract({ file, cwd: dir, strict: true, preserveOwner: false, filter: (entryPath, entry) => isExpectedEntry(entryPath, entry as { type?: string }) });
  } catch (error) {
    throw damaged(error);
  }
}
