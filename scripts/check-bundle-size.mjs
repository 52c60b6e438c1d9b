// Fails when the JavaScript the login page loads first exceeds the budget of docs/performance.md (120 KiB gzip):
// the entry script plus every chunk index.html preloads; when a start that shows no form, or the chat
// or the plan viewer a notice mail opens, loads zod; and when that chat or plan viewer loads the
// dashboards' grid.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const budgetKiB = 120;
const startsWithoutForms = ['architect-dashboard-page', 'client-dashboard-page', 'project-overview-page'];
/** A name zod's schemas carry in every build, minified or not. */
const zodMarker = '$ZodType';
const dist = 'apps/web/dist';
/** A class name react-grid-layout (the dashboards' grid) sets on every card. */
const gridMarker = 'react-grid-item';
/** The files (paths under dist) among `files` whose code holds `marker`. */
const holding = (marker, files) => files.filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes(marker));
const withZod = (files) => holding(zodMarker, files);
let zodWhereNoForm = false;
let gridWhereNoDashboard = false;
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
if (files.length === 0) {
  console.error('bundle: no script found in apps/web/dist/index.html — run npm run build first');
  process.exit(1);
}
const gzipKiB = (list) => list.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length, 0) / 1024;
const kib = gzipKiB(files);
console.log(`bundle: first route loads ${files.length} script(s), ${kib.toFixed(1)} KiB gzip (budget ${budgetKiB} KiB)`);

// For the record, not a budget: what index.html's inline script preloads on a logged-in start, the
// shell's scripts and the page's, by the page's chunk (vite.config.ts, bauakte-preload-logged-in-pages).
const shellLinks = html.match(/for\(const\[r,h\]of (\[.*?\])\.concat/)?.[1];
const pageLinks = html.match(/const p=(\{.*?\});/)?.[1];
if (shellLinks && pageLinks) {
  const scriptsOf = (links) => links.filter(([rel]) => rel === 'modulepreload').map(([, href]) => href.slice(1));
  const shell = scriptsOf(JSON.parse(shellLinks));
  for (const [page, links] of Object.entries(JSON.parse(pageLinks))) {
    const started = [...shell, ...scriptsOf(links)];
    console.log(`bundle: a start of ${page} preloads ${started.length} script(s), ${gzipKiB(started).toFixed(1)} KiB gzip`);
    // The dashboards and the project overview show no form at start: zod comes with their dialogs. A
    // domain module holding a schema beside a value these starts use would bring it (docs/architecture.md).
    const zodFiles = startsWithoutForms.includes(page) ? withZod(started) : [];
    if (zodFiles.length > 0) {
      console.error(`bundle: a start of ${page} loads zod (${zodFiles.join(', ')}), though it shows no form`);
      zodWhereNoForm = true;
    }
  }
}

// What a notice mail's link opens over the page — the chat, the plan viewer — loads no zod either:
// the message's rule and the pin's form load when they are used; nor the dashboards' grid, which a
// module the viewer shares with the dashboards' start would bring (the dashboards' item counts).
const loadedWith = (file, found = new Set()) => {
  if (found.has(file)) return found;
  found.add(file);
  for (const [, imported] of fs.readFileSync(path.join(dist, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) loadedWith(`assets/${imported}`, found);
  return found;
};
for (const chunk of ['chat-dialog', 'plan-viewer-with-pins']) {
  const file = fs.readdirSync(path.join(dist, 'assets')).find((name) => name.startsWith(`${chunk}-`) && name.endsWith('.js'));
  const zodFiles = file ? withZod([...loadedWith(`assets/${file}`)]) : [];
  if (!file) console.error(`bundle: the chunk ${chunk}-*.js is missing`);
  if (zodFiles.length > 0) console.error(`bundle: ${chunk} loads zod (${zodFiles.join(', ')})`);
  zodWhereNoForm ||= !file || zodFiles.length > 0;
  const gridFiles = file ? holding(gridMarker, [...loadedWith(`assets/${file}`)]) : [];
  if (gridFiles.length > 0) console.error(`bundle: ${chunk} loads the dashboards' grid (${gridFiles.join(', ')})`);
  gridWhereNoDashboard ||= gridFiles.length > 0;
}
if (kib > budgetKiB || zodWhereNoForm || gridWhereNoDashboard) process.exit(1);
