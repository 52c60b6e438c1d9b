// Bundles the server (with the shared domain package) into dist/main.js, dist/pdf-process.js and
// dist/backup.js (npm run backup / restore); npm dependencies stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { dependencies = {} } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@bauakte/'));

// The PDF export's process is its own entry: pdf-renderer.ts starts dist/pdf-process.js beside main.js.
await build({
  entryPoints: { main: 'src/main.ts', 'pdf-process': 'src/modules/export/pdf/pdf-process.ts', backup: 'src/backup-main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external,
  // Some CommonJS dependencies call require(); the alias keeps the name free for the sources' own imports.
  banner: { js: "import { createRequire as bundleCreateRequire } from 'node:module'; const require = bundleCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
