// Which packages and sources make up the JavaScript the login page loads first (the files
// check-bundle-size.mjs counts), by gzip size. Needs a build with source maps:
//   npm run build -w @bauakte/web -- --sourcemap && node scripts/bundle-report.mjs
// Each file's gzip size is shared out by the minified bytes each source produced: an estimate,
// as gzip compresses some code better than other.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = 'apps/web/dist';
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The generated column and source index of each mapping segment, per generated line. */
function segmentsOf(mappings) {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line.split(',').filter(Boolean).map((segment) => {
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = base64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      return { column, source: fields.length > 1 ? source : -1 };
    });
  });
}

/** A package's name, or the source's path inside the repository. */
const groupOf = (source) => {
  const inPackage = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return inPackage ? inPackage[1] : source.replace(/^(\.\.\/)+/, '');
};

const sizes = new Map();
let total = 0;
for (const file of files) {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const gzip = zlib.gzipSync(code).length;
  total += gzip;
  const mapFile = path.join(dist, `${file}.map`);
  if (!fs.existsSync(mapFile)) {
    sizes.set(file, (sizes.get(file) ?? 0) + gzip);
    continue;
  }
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const lines = code.split('\n');
  const bytes = new Map();
  segmentsOf(map.mappings).forEach((segments, index) => {
    segments.forEach((segment, at) => {
      const end = segments[at + 1]?.column ?? lines[index]?.length ?? segment.column;
      const group = segment.source < 0 ? '(bundler code)' : groupOf(map.sources[segment.source]);
      bytes.set(group, (bytes.get(group) ?? 0) + end - segment.column);
    });
  });
  const minified = [...bytes.values()].reduce((sum, value) => sum + value, 0);
  for (const [group, value] of bytes) sizes.set(group, (sizes.get(group) ?? 0) + (value / minified) * gzip);
}
console.log(`first route: ${files.length} script(s), ${(total / 1024).toFixed(1)} KiB gzip`);
for (const [group, size] of [...sizes].sort((a, b) => b[1] - a[1]).filter(([, size]) => size >= 100)) {
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${group}`);
}
