// The servers the bench measures, bundled as npm run build bundles the server (the shared
// serverBundleOptions): run from the sources through tsx instead, each closure the sources create
// is given its name at run time (esbuild's keepNames under tsx): the workload's server took 1.17,
// 1.11, 1.24 ms of CPU per request that way against 1.07, 1.10, 1.08 ms bundled (alternating
// pairs on PostgreSQL). BENCH_FROM_SOURCE=1 runs them through tsx all the same, e.g. to compare.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { serverBundleOptions } from '../apps/server/bundle-options.mjs';

/** The bench's server entries, and the PDF export's and preview's processes, which pdf-renderer.ts and pdf-previews.ts look for beside their bundle. */
const entryPoints = {
  bauakte: 'bench/servers/bauakte.ts',
  demo: 'bench/servers/demo.ts',
  'open-items': 'bench/servers/open-items.ts',
  hello: 'bench/servers/hello.ts',
  'pipe-to-file': 'bench/servers/pipe-to-file.ts',
  'ws-broadcast': 'bench/servers/ws-broadcast.ts',
  'pdf-process': 'apps/server/src/modules/export/pdf/pdf-process.ts',
  'preview-process': 'apps/server/src/modules/files/previews/preview-process.ts',
};

/** npm packages stay outside the bundle, as in the server's own (its dependencies); the workspace's are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'entry-point' || args.path.startsWith('@bauakte/') ? undefined : { path: args.path, external: true }));
  },
};

const builds = new Map<string, Promise<string>>();

/** Where the bundles of the checkout in `cwd` are: built once per run, in its bench/.built (not in git). */
function buildAll(cwd: string): Promise<string> {
  const known = builds.get(cwd);
  if (known) return known;
  const outdir = path.join(cwd, 'bench/.built');
  // An older checkout compared with (BENCH_BASELINE_DIR) may lack an entry the bench has since gained.
  const present = Object.fromEntries(Object.entries(entryPoints).filter(([, source]) => fs.existsSync(path.join(cwd, source))));
  const building = build({ ...serverBundleOptions, entryPoints: present, outdir, absWorkingDir: cwd, plugins: [externalPackages] }).then(() => outdir);
  builds.set(cwd, building);
  return building;
}

/** The command line that runs one of the bench's servers: its bundle, or its source through tsx. */
export async function serverCommand(script: string, cwd = process.cwd()): Promise<string[]> {
  const name = Object.entries(entryPoints).find(([, source]) => source === script)?.[0];
  if (process.env.BENCH_FROM_SOURCE === '1' || name === undefined) return ['--import', 'tsx', script];
  return [path.join(await buildAll(cwd), `${name}.js`)];
}
