import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, root, serverSources } from '../../../../../scripts/build-if-needed.mjs';

/** A script Node runs in a process of its own, and the flags Node needs to run it (tsx for TypeScript). */
export interface ChildEntry {
  file: string;
  execArgv: string[];
}

/**
 * The entry of a process the server starts (the PDF export's and the previews' render processes),
 * or a test starts (the server itself). Built, `moduleUrl` is dist/main.js and the bundle lies
 * beside it. In the sources (tests, npm run dev) it is the bundle in apps/server/dist while that is
 * current, as `npm start` judges it (npm test builds before its tests run), else the TypeScript file
 * through tsx, which compiles the code again in every process (a second or more of CPU each).
 * Asked again at every call: an edited source makes the bundle stale at once.
 */
export function childEntry(moduleUrl: string, source: string, bundle: string): ChildEntry {
  if (!moduleUrl.endsWith('.ts')) return { file: fileURLToPath(new URL(`./${bundle}`, moduleUrl)), execArgv: [] };
  const built = `apps/server/dist/${bundle}`;
  if (buildIsCurrent([built], serverSources)) return { file: path.join(root, built), execArgv: [] };
  return { file: fileURLToPath(new URL(source, moduleUrl)), execArgv: ['--import', 'tsx'] };
}
