// Builds when an output is missing or older than a source (npm start, npm run backup / restore).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Tests beside the sources: no build bundles them. */
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The newest change among the files at `full`, tests left out. */
function newestChange(full) {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return isTest(full) ? 0 : stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newestChange(path.join(full, name))));
}

/** What the server's bundles (apps/server/dist) are built from. */
export const serverSources = ['apps/server/src', 'apps/server/build.mjs', 'apps/server/bundle-options.mjs', 'packages/domain/src', 'package-lock.json'];

/** Whether every output exists and is newer than every source (paths from `base`, the project folder). */
export function buildIsCurrent(outputs, sources, base = root) {
  const built = outputs.map((file) => path.join(base, file));
  if (!built.every((file) => fs.existsSync(file))) return false;
  const oldestOutput = Math.min(...built.map((file) => fs.statSync(file).mtimeMs));
  return Math.max(...sources.map((source) => newestChange(path.join(base, source)))) <= oldestOutput;
}

/** Runs `npm <args>` in the project folder when needed; a failed build ends this process with its code. */
export function buildIfNeeded({ outputs, sources, npmArgs, message }) {
  if (buildIsCurrent(outputs, sources)) return;
  console.log(message);
  const result = spawnSync('npm', npmArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
