// Fails when the JavaScript the login page loads first exceeds the budget of docs/performance.md (120 KiB gzip):
// the entry script plus every chunk index.html preloads.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const budgetKiB = 120;
const dist = 'apps/web/dist';
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
if (files.length === 0) {
  console.error('bundle: no script found in apps/web/dist/index.html — run npm run build first');
  process.exit(1);
}
const bytes = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length, 0);
const kib = bytes / 1024;
console.log(`bundle: first route loads ${files.length} script(s), ${kib.toFixed(1)} KiB gzip (budget ${budgetKiB} KiB)`);
if (kib > budgetKiB) process.exit(1);
