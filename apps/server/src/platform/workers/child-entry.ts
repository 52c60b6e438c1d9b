import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A script Node runs in a process of its own, and the flags Node needs to run it (tsx for TypeScript). */
export interface ChildEntry {
  file: string;
  execArgv: string[];
}

const ownServerDir = fileURLToPath(new URL('../../../', import.meta.url));

/** What build.mjs bundles into dist/: the server's sources, the domain package's, and how they are bundled. */
const bundledFrom = (serverDir: string) => [
  path.join(serverDir, 'src'),
  path.join(serverDir, '../../packages/domain/src'),
  path.join(serverDir, 'build.mjs'),
  path.join(serverDir, 'bundle-options.mjs'),
  path.join(serverDir, 'package.json'),
];

/** The newest change among the files at `entry`; tests do not count, they are not bundled. */
function newestChangeMs(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return entry.endsWith('.test.ts') || entry.endsWith('.test.tsx') ? 0 : stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChangeMs(path.join(entry, name))));
}

/** `serverDir`/dist/`bundle` when it exists and is newer than everything it is built from. */
export function currentBundle(serverDir: string, bundle: string): string | undefined {
  const file = path.join(serverDir, 'dist', bundle);
  const built = fs.statSync(file, { throwIfNoEntry: false });
  if (!built) return undefined;
  return Math.max(...bundledFrom(serverDir).map(newestChangeMs)) <= built.mtimeMs ? file : undefined;
}

/**
 * The entry of a process the server starts (the PDF export's and the previews' render processes),
 * or a test starts (the server itself). Built, `moduleUrl` is dist/main.js and the bundle lies
 * beside it. In the sources (tests, npm run dev) it is the bundle in dist/ while that is newer than
 * every source (npm test builds before its tests run), else the TypeScript file through tsx, which
 * compiles the code again in every process (a second or more of CPU each). Asked again at every
 * call: an edited source makes the bundle stale at once, also in a watching test run.
 */
export function childEntry(moduleUrl: string, source: string, bundle: string): ChildEntry {
  if (!moduleUrl.endsWith('.ts')) return { file: fileURLToPath(new URL(`./${bundle}`, moduleUrl)), execArgv: [] };
  const built = currentBundle(ownServerDir, bundle);
  if (built) return { file: built, execArgv: [] };
  return { file: fileURLToPath(new URL(source, moduleUrl)), execArgv: ['--import', 'tsx'] };
}
