import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

/** Creates DATA_DIR if needed and proves it writable, so the start fails early with one clear line. */
export function ensureWritableDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError(`DATA_DIR ${dir} is not writable (${code})`);
  }
}
