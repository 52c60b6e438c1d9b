// Bundles the server (with the shared domain package) into dist/main.js, dist/pdf-process.js, dist/preview-process.js and
// dist/backup.js (npm run backup / restore); npm dependencies stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { serverBundleOptions } from './bundle-options.mjs';

const { dependencies = {} } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@bauakte/'));

// The PDF export's and the PDF previews' processes are their own entries: pdf-renderer.ts and
// pdf-previews.ts start dist/pdf-process.js and dist/preview-process.js beside main.js.
await build({
  ...serverBundleOptions,
  entryPoints: { main: 'src/main.ts', 'pdf-process': 'src/modules/export/pdf/pdf-process.ts', 'preview-process': 'src/modules/files/previews/preview-process.ts', backup: 'src/backup-main.ts' },
  outdir: 'dist',
  external,
});
