// After `vite build`: a Brotli (.br) and a gzip (.gz) copy beside every text file of dist worth
// compressing, made once at build time at the highest levels; the server sends them to browsers
// that accept them (@fastify/static preCompressed) instead of compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/i;
const minimumBytes = 1024;

function* filesIn(directory) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else yield full;
  }
}

let written = 0;
let before = 0;
let after = 0;
for (const file of filesIn(dist)) {
  if (!compressible.test(file)) continue;
  const content = fs.readFileSync(file);
  if (content.length < minimumBytes) continue;
  const brotli = zlib.brotliCompressSync(content, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gzip = zlib.gzipSync(content, { level: 9 });
  // A copy that is not smaller would only cost a disk read.
  if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
  written += 1;
  before += content.length;
  after += brotli.length;
}
console.log(`precompress: ${written} files, ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB with Brotli`);
