// npm run build (the web app): two Vite builds. The first, kept in memory, tells what each chunk
// holds after tree-shaking; from it the second makes a few chunks per start instead of dozens
// (vite-plugins/route-chunks.ts). Then every text file gets its compressed copies (precompress.mjs).
import { build } from 'vite';
import { chunksInCircles, codeSplittingOf, joinGroups, planRouteGroups, recordChunks } from '../vite-plugins/route-chunks.ts';
import { shellPageChunks, shellStartChunks } from '../src/app/start/shell-paths.ts';

// `--sourcemap`: source maps beside the scripts, for a profile that names the sources (docs/performance.md).
const sourcemap = process.argv.includes('--sourcemap');
const facts = { chunks: [], moduleImports: {} };
await build({ mode: 'chunk-plan', logLevel: 'warn', build: { write: false, sourcemap }, plugins: [recordChunks(facts)] });
const pages = [...new Set(Object.values(shellPageChunks))];
// The query cache and the class merge come with the logged-out pages too; a plan link's start only logged in.
const loggedInOnly = ['app-shell', 'start-data', 'plan-link-start', ...pages];
const groups = planRouteGroups(facts, { shell: shellStartChunks, pages, loggedInOnly });
if (groups.length === 0) throw new Error('build: the first build made no entry chunk');

// A circle the plan could not see (an import through a barrel) joins its groups, and the app is built again.
let planned = groups;
for (let attempt = 1; ; attempt += 1) {
  const built = await build({ build: { sourcemap, rolldownOptions: { output: { codeSplitting: codeSplittingOf(planned) } } } });
  const chunks = built.output.filter((output) => output.type === 'chunk');
  const circles = chunksInCircles(chunks);
  if (circles.length === 0) break;
  const names = chunks.filter((chunk) => circles.includes(chunk.fileName)).map((chunk) => chunk.name);
  const joined = joinGroups(planned, names);
  if (joined === planned || attempt === 3) throw new Error(`build: these chunks import each other in a circle: ${circles.join(', ')}`);
  console.warn(`build: ${names.join(' and ')} import each other; built again with them joined`);
  planned = joined;
}
await import('./precompress.mjs');
