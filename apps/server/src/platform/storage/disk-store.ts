import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, ObjectStore, StoredObjectInfo } from './object-store';

/** An upload in progress: written beside its final name and renamed when complete. */
export const partSuffix = '.part';

/** Keys are the server's own, but a key must never reach outside the folder all the same. */
function pathOf(root: string, key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.split('/').some((segment) => segment === '..' || segment === '')) {
    throw new Error(`invalid object key ${JSON.stringify(key)}`);
  }
  return path.join(root, key);
}

/** The paths of the files below dir (each folder's entries in name order), uploads in progress included; none when dir does not exist. */
export async function* filePathsBelow(dir: string): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filePathsBelow(full);
    else yield full;
  }
}

/** A file's path below root as a '/'-separated key. */
export function keyBelow(root: string, full: string): string {
  return path.relative(root, full).split(path.sep).join('/');
}

async function* walk(dir: string, root: string): AsyncGenerator<StoredObjectInfo> {
  for await (const full of filePathsBelow(dir)) {
    const stat = await fsp.stat(full).catch(() => undefined);
    if (stat) yield { key: keyBelow(root, full), size: stat.size, lastModified: stat.mtime };
  }
}

/** Files under DATA_DIR/files, readable by the server's user only. */
export function createDiskStore(root: string): ObjectStore {
  return {
    kind: 'disk',

    async put(key, body) {
      const target = pathOf(root, key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const partial = `${target}.${randomUUID()}${partSuffix}`;
      try {
        await pipeline(body, fs.createWriteStream(partial, { mode: 0o600, flags: 'wx', highWaterMark: 1024 * 1024 }));
        await fsp.rename(partial, target);
      } catch (error) {
        await fsp.rm(partial, { force: true });
        throw error;
      }
      return (await fsp.stat(target)).size;
    },

    async get(key, range?: ByteRange) {
      const file = pathOf(root, key);
      try {
        const handle = await fsp.open(file, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    async stat(key) {
      const stat = await fsp.stat(pathOf(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      return stat && { key, size: stat.size, lastModified: stat.mtime };
    },

    async move(from, to) {
      const target = pathOf(root, to);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fsp.rename(pathOf(root, from), target);
    },

    async delete(key) {
      await fsp.rm(pathOf(root, key), { force: true });
    },

    list(prefix) {
      const start = pathOf(root, prefix.replace(/\/+$/, ''));
      return walk(start, root);
    },
  };
}
