// npm start: builds the web app and the server when a build is missing or older than its sources,
// then runs the server in this process.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];
const sources = [
  'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts',
  'apps/server/src', 'apps/server/build.mjs', 'packages/domain/src', 'package-lock.json',
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newestChange(path.join(entry, name))));
}

function buildIsCurrent() {
  const built = outputs.map((file) => path.join(root, file));
  if (!built.every((file) => fs.existsSync(file))) return false;
  const oldestOutput = Math.min(...built.map((file) => fs.statSync(file).mtimeMs));
  return Math.max(...sources.map(newestChange)) <= oldestOutput;
}

if (!buildIsCurrent()) {
  console.log('Building Bauakte (web app and server)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
