// Builds when an output is missing or older than a source (npm start, npm run backup / restore).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newestChange(path.join(entry, name))));
}

function buildIsCurrent(outputs, sources) {
  const built = outputs.map((file) => path.join(root, file));
  if (!built.every((file) => fs.existsSync(file))) return false;
  const oldestOutput = Math.min(...built.map((file) => fs.statSync(file).mtimeMs));
  return Math.max(...sources.map(newestChange)) <= oldestOutput;
}

/** Runs `npm <args>` in the project folder when needed; a failed build ends this process with its code. */
export function buildIfNeeded({ outputs, sources, npmArgs, message }) {
  if (buildIsCurrent(outputs, sources)) return;
  console.log(message);
  const result = spawnSync('npm', npmArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
