// npm run lighthouse (bench/lighthouse.ts): Lighthouse (mobile preset) on the main pages of the built app, with Debian's
// Chromium. Starts the built server on a fresh data folder, seeds an administrator, an architect,
// a client with a project, its files and a chat, then measures each page with a cold HTTP cache and
// prints performance, accessibility, FCP, LCP, TBT and CLS (the median run's).
// Not part of npm test: its figures depend on the machine; they go into docs/performance.md.
// LIGHTHOUSE_BASELINE_DIST=<a built apps/web/dist> measures that build too, on a second server,
// run for run alternating with this one, so both see the same machine load. LIGHTHOUSE_COLD=1
// measures first visits: the service worker and its app shell are removed before each run.
// LIGHTHOUSE_PROFILE=1 keeps each run's trace with Chrome's CPU samples, for bench/start-costs.ts.
// LIGHTHOUSE_CPU_SLOWDOWN=<n> replaces the preset's 4× CPU slowdown. The preset's 4× assumes a desktop
// of Lighthouse's benchmark index about 1,500; the index of the machine (printed at the end) tells how
// much faster it is, and n = 4 × index / 1,500 shows what the preset would show on such a desktop.
import { chromiumArgs } from '../scripts/chromium-args.mjs';
import { spawn, type ChildProcess } from 'node:child_process';
import { missingToolsLine } from './tools';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { planLinkPath } from '@bauakte/domain';
import { hashPassword } from '../apps/server/src/platform/auth/password';
import { pngChunk } from '../apps/server/src/test/sample-files';
import { migrateToLatest, openDatabase } from '../apps/server/src/platform/db/database';
import { createUserRepository } from '../apps/server/src/platform/db/users-repository';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const baselineDist = process.env.LIGHTHOUSE_BASELINE_DIST;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const firstVisit = process.env.LIGHTHOUSE_COLD === '1';
const profile = process.env.LIGHTHOUSE_PROFILE === '1';
const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = path.join(root, 'reports', 'lighthouse');
const password = 'lighthouse-passwort-42';
const admin = { username: 'admin', password: 'lighthouse-admin-42' };

interface Seed {
  projectId: number;
  chatId: number;
  /** The PDF plan, for the link that opens it in the viewer. */
  planFileId: number;
}

type Account = 'admin' | 'architect' | 'client';

interface PageToMeasure {
  name: string;
  /** For LIGHTHOUSE_ONLY and the report's file name. */
  key: string;
  path: string;
  /** The query string the page is opened with, e.g. a notice mail's chat link. */
  search?: (seed: Seed) => string;
  /** Who is logged in: each run logs in afresh, as the app logs a session out when its tab closes. */
  account?: Account;
  /** More of the session, e.g. the chosen project. */
  session?: (seed: Seed) => Record<string, string>;
  /** What the page shows once it stands (a CSS selector): a run of a page that broke counts as failed, not as fast. */
  shows: string;
}

const pages: PageToMeasure[] = [
  { name: 'Anmeldung', key: 'login', path: '/login', shows: 'main form' },
  { name: 'Administration', key: 'admin', path: '/admin', account: 'admin', shows: 'main h1' },
  { name: 'Dashboard Architekt/in', key: 'dashboard', path: '/dashboard', account: 'architect', shows: 'main h1' },
  { name: 'Dashboard Kund/in', key: 'dashboardClient', path: '/dashboardClient', account: 'client', shows: 'main h1' },
  { name: 'Fragebogen: Fenster', key: 'windows', path: '/windows', account: 'client', session: (s) => ({ projectId: String(s.projectId) }), shows: 'main form' },
  { name: 'Projektübersicht, Dateien', key: 'projectOverview', path: '/projectOverview', search: (s) => `?projectId=${s.projectId}`, account: 'architect', shows: 'main h1' },
  // The link a plan notice mail carries: the project overview with the PDF plan open in the viewer.
  { name: 'Planansicht (Link der Mail)', key: 'planViewer', path: '/projectOverview', search: (s) => new URL(planLinkPath(s.projectId, s.planFileId, 1), 'http://link').search, account: 'client', shows: '[role="dialog"]' },
  // The link a chat notice mail carries: the client's dashboard opens with the chat.
  { name: 'Chat (Link der Mail)', key: 'chat', path: '/dashboardClient', search: (s) => `?chat=${s.chatId}`, account: 'client', shows: '[role="dialog"]' },
];

const credentials: Record<Account, { username: string; password: string }> = {
  admin,
  architect: { username: 'gruber', password },
  client: { username: 'huber', password },
};

function requireBuild(): void {
  for (const file of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} fehlt: zuerst npm run build`);
  }
}

/** Users straight into the database, as an office would have them after registering. */
async function seedUsers(dataDir: string): Promise<void> {
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'app.db') });
  await migrateToLatest(database.db);
  const users = createUserRepository(database.db);
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(password);
  const person = (username: string, firstName: string, lastName: string) => ({ username, firstName, lastName, email: `${username}@example.at`, passwordHash, status: 'ACTIVE' as const, createdAt: now, updatedAt: now });
  const architectId = await users.insert({ ...person('gruber', 'Maria', 'Gruber'), role: 'ARCHI' });
  await users.insert({ ...person('huber', 'Anna', 'Huber'), role: 'CLIENT', createdById: architectId });
  await database.close();
}

/** One built web app served by the built server on its own port and data folder. */
interface Site {
  label: string;
  origin: string;
  dataDir: string;
  server: ChildProcess;
  seed?: Seed;
}

function startServer(dataDir: string, serverPort: number, webDist?: string): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(serverPort), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'warn',
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
    },
  });
}

async function startSite(label: string, serverPort: number, webDist?: string): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-lighthouse-'));
  await seedUsers(dataDir);
  const site: Site = { label, origin: `http://127.0.0.1:${serverPort}`, dataDir, server: startServer(dataDir, serverPort, webDist) };
  await waitForServer(site.origin);
  site.seed = await seedContent(site.origin);
  return site;
}

async function waitForServer(origin: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const alive = await fetch(`${origin}/api/health`).then((r) => r.ok).catch(() => false);
    if (alive) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Der Server ist nicht gestartet.');
}

async function api<T>(origin: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/api${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const login = async (origin: string, username: string, secret: string) => (await api<{ token: string }>(origin, 'POST', '/auth/login', null, { username, password: secret })).token;

/** A photo-sized PNG (800 × 600, a colour gradient), so the overview's previews have pixels to load. */
function photoPng(shade: number): Buffer {
  const [width, height] = [800, 600];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, shade], row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF with a correct cross-reference table. */
function planPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'];
  let text = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

async function upload(origin: string, token: string, projectId: number, file: { title: string; name: string; type: 'PNG' | 'PDF'; bytes: Buffer }): Promise<number> {
  const boundary = 'bauakte-lighthouse';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const mime = file.type === 'PNG' ? 'image/png' : 'application/pdf';
  const body = Buffer.concat([
    Buffer.from(field('projectId', String(projectId)) + field('fileName', file.title) + field('comment', '') + field('documentType', file.type)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${mime}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${origin}/api/s3/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
  if (response.status !== 201) throw new Error(`Hochladen von ${file.name}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** The chat a notice mail links to: a dozen messages back and forth, some of them long. */
async function seedChat(origin: string, architectToken: string, clientToken: string): Promise<number> {
  const first = await api<{ chatId: number }>(origin, 'POST', '/MessageManagment/createChat', architectToken, { message: 'Grüß Gott, bitte füllen Sie den Fragebogen aus.', senderUsername: 'gruber', receiverUsername: 'huber' });
  const lines = [
    ['huber', 'Guten Tag! Ich habe die Pläne vom Dachboden hochgeladen. Die Fenster im Stiegenhaus sind noch die alten aus 1968.'],
    ['gruber', 'Danke, die Pläne sind angekommen. Können Sie mir noch sagen, ob die oberste Geschoßdecke begehbar bleiben soll?'],
    ['huber', 'Ja, bitte – wir lagern dort Kisten.'],
    ['gruber', 'Dann planen wir eine begehbare Dämmung mit Verlegeplatten.\nDas kostet etwas mehr, hält aber länger.'],
    ['huber', 'Passt. Wann könnten Sie vorbeikommen?'],
    ['gruber', 'Nächste Woche Dienstag um 9 Uhr?'],
    ['huber', 'Dienstag geht. Bis dann!'],
    ['gruber', 'Bitte legen Sie die letzte Heizkostenabrechnung bereit, dann sehen wir uns den Verbrauch gleich gemeinsam an.'],
    ['huber', 'Mache ich. Die Fotos der Fenster schicke ich noch heute.'],
    ['huber', 'Die Fotos sind oben, bei den Projektdateien.'],
  ] as const;
  for (const [sender, message] of lines) {
    const token = sender === 'gruber' ? architectToken : clientToken;
    await api(origin, 'POST', '/MessageManagment', token, { message, senderUsername: sender, receiverUsername: sender === 'gruber' ? 'huber' : 'gruber', chatId: first.chatId, isRead: false });
  }
  return first.chatId;
}

/** A team for the admin page, a project with some answers, files and a chat for the dashboards, the questionnaire, the overview and the chat. */
async function seedContent(origin: string): Promise<Seed> {
  const adminToken = await login(origin, admin.username, admin.password);
  const architectToken = await login(origin, 'gruber', password);
  const clientToken = await login(origin, 'huber', password);
  await api(origin, 'POST', '/team/create', adminToken, { name: 'Team Graz' });
  const project = await api<{ id: number }>(origin, 'POST', '/ProjectManagment', architectToken, {
    name: 'Thermische Sanierung Mühlgasse 12',
    assignedUser: 'huber',
    description: 'Dämmung der obersten Geschoßdecke und Fenstertausch.',
    address: { street: 'Mühlgasse', number: '12/3/5', city: 'Gmünd', katastral: 1004, postalCode: '3950', country: 'Österreich' },
  });
  await api(origin, 'PUT', `/general/${project.id}`, clientToken, { buildingUsage: 'WOHNBAU', constructionYear: 1968 });
  await upload(origin, clientToken, project.id, { title: 'Fenster Stiegenhaus', name: 'fenster.png', type: 'PNG', bytes: photoPng(40) });
  await upload(origin, clientToken, project.id, { title: 'Dachboden', name: 'dachboden.png', type: 'PNG', bytes: photoPng(200) });
  const planFileId = await upload(origin, clientToken, project.id, { title: 'Grundriss Dachgeschoß', name: 'grundriss.pdf', type: 'PDF', bytes: planPdf() });
  const chatId = await seedChat(origin, architectToken, clientToken);
  return { projectId: project.id, chatId, planFileId };
}

/** LIGHTHOUSE_PROFILE=1: Chrome's CPU samples in the trace, for bench/start-costs.ts. */
const profileConfig = { extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } } as const;

/** The run's trace beside the reports: reports/lighthouse/<key>-<port>-<time>.trace.json (the port tells the builds apart). */
function writeTrace(result: RunnerResult, key: string, site: Site): void {
  const { Trace } = result.artifacts as unknown as { Trace: unknown };
  const port = new URL(site.origin).port;
  fs.writeFileSync(path.join(reportDir, `${key}-${port}-${Date.now()}.trace.json`), JSON.stringify(Trace));
}

/** The page measured is not the page meant (a redirect, an error): its figures would mislead, so the run ends. */
class WrongPageError extends Error {}

/** One Lighthouse run on a tab that holds a fresh session for the page, with a cold HTTP cache (and LIGHTHOUSE_COLD=1 without the service worker). */
async function measure(browser: Browser, target: PageToMeasure, site: Site): Promise<RunnerResult> {
  const { origin, seed } = site;
  if (!seed) throw new Error(`${site.label}: nicht geseedet`);
  const page: Page = await browser.newPage();
  try {
    const account = target.account ? credentials[target.account] : null;
    const token = account ? await login(origin, account.username, account.password) : null;
    const session = { ...(token ? { token } : {}), ...target.session?.(seed) };
    await page.goto(`${origin}/impressum`, { waitUntil: 'load' });
    await page.evaluate((entries) => {
      sessionStorage.clear();
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
    }, session);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // LIGHTHOUSE_COLD=1: a first visit — no service worker and no app shell kept from the page before.
    if (firstVisit) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
    await cdp.detach();
    // Lighthouse would clear the origin's storage, and with it the session in sessionStorage.
    const flags: Flags = {
      onlyCategories: ['performance', 'accessibility'], disableStorageReset: true, logLevel: 'error', locale: 'de',
      ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
    };
    const result = await lighthouse(`${origin}${target.path}${target.search?.(seed) ?? ''}`, flags, profile ? profileConfig : undefined, page);
    if (profile && result) writeTrace(result, target.key, site);
    if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${target.path}`);
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== target.path) {
      throw new WrongPageError(`${target.path} wurde nach ${result.lhr.finalDisplayedUrl} umgeleitet: die Sitzung fehlt`);
    }
    if (!(await page.$(target.shows))) {
      const text = (await page.$eval('body', (body) => body.textContent ?? '')).slice(0, 200);
      throw new WrongPageError(`${target.path} zeigt nicht ${target.shows}, sondern: ${text.replace(/\s+/g, ' ')}`);
    }
    return result;
  } finally {
    await page.close();
  }
}

/** Other work on the machine lowers the scores: the load is printed before and after the runs. */
const machineText = () =>
  `Maschine: ${os.cpus().length} Kerne (${os.cpus()[0]?.model.trim() ?? '?'}), Node ${process.version}, Last ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')} (1 / 5 / 15 min), ${new Date().toISOString()}`;

const score = (result: RunnerResult, category: string) => Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function failedAccessibilityAudits(result: RunnerResult): string[] {
  const refs = result.lhr.categories.accessibility?.auditRefs ?? [];
  return refs.map((ref) => result.lhr.audits[ref.id]).filter((audit) => audit && audit.score !== null && audit.score < 1).map((audit) => `${audit!.id}: ${audit!.title}`);
}

function summary(all: RunnerResult[]): { line: string; middle: RunnerResult } {
  // A run Lighthouse could not finish scores 0; it says nothing about the page and stays out of the median.
  const finished = all.filter((r) => !r.lhr.runtimeError);
  const results = finished.length > 0 ? finished : all;
  const perf = results.map((r) => score(r, 'performance'));
  const middle = results[perf.indexOf(median(perf))]!;
  const lcp = middle.lhr.audits['largest-contentful-paint']?.displayValue ?? '';
  const tbt = middle.lhr.audits['total-blocking-time']?.displayValue ?? '';
  const fcp = middle.lhr.audits['first-contentful-paint']?.displayValue ?? '';
  const cls = (middle.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3);
  // The main thread's work over all runs (Lighthouse's breakdown, on the simulated phone): steadier than the score.
  const work = median(results.map((r) => r.lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0));
  const workText = `${(work / 1000).toFixed(1).replace('.', ',')} s`;
  return { line: `${String(median(perf)).padStart(11)}  ${String(score(middle, 'accessibility')).padStart(16)}  ${fcp.padEnd(8)} ${lcp.padEnd(8)} ${tbt.padEnd(8)} ${cls.padEnd(6)} ${workText.padEnd(11)} (${perf.join(', ')})`, middle };
}

/** Lighthouse's measure of the machine's CPU ("CPU/Memory Power"): the same build scores higher on a machine with a higher index. */
const benchmarkText = (all: RunnerResult[]) => {
  const indexes = all.map((r) => r.lhr.environment.benchmarkIndex).filter((value) => value > 0);
  if (indexes.length === 0) return '';
  return `Benchmark-Index (Lighthouse, CPU/Speicher): Median ${Math.round(median(indexes))} (${Math.round(Math.min(...indexes))} – ${Math.round(Math.max(...indexes))}) über ${indexes.length} Läufe`;
};

async function main(): Promise<void> {
  if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) throw new Error('LIGHTHOUSE_CPU_SLOWDOWN: eine Zahl ab 1');
  requireBuild();
  const missing = missingToolsLine('lighthouse', ['chromium']);
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const everyRun: RunnerResult[] = [];
  const sites: Site[] = [];
  // Chromium's protocol errors may surface outside any await and end the process: the servers end with it.
  process.on('exit', () => {
    for (const site of sites) site.server.kill('SIGTERM');
  });
  let browser: Browser | undefined;
  try {
    sites.push(await startSite('dieser Build', port));
    if (baselineDist) sites.push(await startSite('Vergleich', port + 1, path.resolve(baselineDist)));
    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: [...chromiumArgs],
    });
    fs.mkdirSync(reportDir, { recursive: true });
    console.log(`Lighthouse ${runs}× je Seite, Mobil-Voreinstellung${cpuSlowdown ? ` mit ${cpuSlowdown}× CPU-Verlangsamung` : ''}, Median${baselineDist ? `; Vergleich: ${baselineDist}, abwechselnd gemessen` : ''}`);
    console.log(`${machineText()}\n`);
    console.log('Seite                        Performance  Barrierefreiheit  FCP      LCP      TBT      CLS    Hauptthread (Läufe)');
    const only = process.env.LIGHTHOUSE_ONLY?.split(',');
    for (const target of pages.filter((p) => !only || only.includes(p.key) || only.includes(p.path))) {
      const results = new Map<Site, RunnerResult[]>(sites.map((site) => [site, []]));
      const thrown = new Map<Site, string[]>(sites.map((site) => [site, []]));
      // Run for run alternating, so a busy moment of the machine hits both builds alike.
      for (let run = 0; run < runs; run++) {
        for (const site of sites) {
          // Lighthouse throws when Chromium does not answer in time (PROTOCOL_TIMEOUT on a busy machine): the run is named, the others count.
          try {
            const result = await measure(browser, target, site);
            results.get(site)!.push(result);
            everyRun.push(result);
          } catch (error) {
            if (!(error instanceof Error) || error instanceof WrongPageError) throw error;
            thrown.get(site)!.push(error.message);
          }
        }
      }
      for (const site of sites) {
        const name = sites.length > 1 ? `${target.name} (${site.label})` : target.name;
        for (const error of thrown.get(site)!) console.log(`    Lauf fehlgeschlagen: ${error}`);
        if (results.get(site)!.length === 0) {
          console.log(`${name.padEnd(28)} kein Lauf beendet`);
          continue;
        }
        const { line, middle } = summary(results.get(site)!);
        if (site === sites[0]) fs.writeFileSync(path.join(reportDir, `${target.key}.json`), JSON.stringify(middle.lhr, null, 1));
        console.log(`${name.padEnd(28)} ${line}`);
        for (const failed of failedAccessibilityAudits(middle)) console.log(`    Barrierefreiheit: ${failed}`);
        // A run Lighthouse could not finish (e.g. no paint within its time limit on a busy machine) scores 0.
        for (const error of results.get(site)!.flatMap((r) => (r.lhr.runtimeError ? [`${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`] : []))) console.log(`    Lauf fehlgeschlagen: ${error}`);
      }
    }
    console.log(`\n${machineText()}`);
    console.log(benchmarkText(everyRun));
    console.log(`Berichte: ${path.relative(root, reportDir)}/*.json`);
  } finally {
    // The servers first: a Chromium that stopped answering may not close either.
    for (const site of sites) {
      site.server.kill('SIGTERM');
      fs.rmSync(site.dataDir, { recursive: true, force: true });
    }
    await browser?.close().catch((error: unknown) => console.warn('Chromium ließ sich nicht schließen', error));
  }
}

await main();
