import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

/** Narrows a folder this user owns to 0700; one owned by someone else (a mounted volume) is left as is. */
function restrictToOwner(dir: string): void {
  if (fs.statSync(dir).uid === process.getuid?.()) fs.chmodSync(dir, 0o700);
}

/**
 * Creates DATA_DIR if needed and proves it writable, so the start fails early with one clear line.
 * It holds the database, the signing secret and mails with live links: only the server's user may
 * enter it (0700), whoever created it.
 */
export function ensureWritableDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    restrictToOwner(dir);
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError(`DATA_DIR ${dir} is not writable (${code})`);
  }
}
