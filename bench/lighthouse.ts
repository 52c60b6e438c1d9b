// npm run lighthouse (bench/lighthouse.ts): Lighthouse (mobile preset) on the start pages of the built app, with Debian's
// Chromium. Starts the built server on a fresh data folder, seeds an administrator, an architect,
// a client with a project, then measures each page with a cold HTTP cache and prints the scores.
// Not part of npm test: its figures depend on the machine; they go into docs/performance.md.
// LIGHTHOUSE_BASELINE_DIST=<a built apps/web/dist> measures that build too, on a second server,
// run for run alternating with this one, so both see the same machine load.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { hashPassword } from '../apps/server/src/platform/auth/password';
import { migrateToLatest, openDatabase } from '../apps/server/src/platform/db/database';
import { createUserRepository } from '../apps/server/src/platform/db/users-repository';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4310);
const baselineDist = process.env.LIGHTHOUSE_BASELINE_DIST;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = path.join(root, 'reports', 'lighthouse');
const password = 'lighthouse-passwort-42';
const admin = { username: 'admin', password: 'lighthouse-admin-42' };

interface Seed {
  architectToken: string;
  clientToken: string;
  adminToken: string;
  projectId: number;
}

interface PageToMeasure {
  name: string;
  path: string;
  session?: (seed: Seed) => Record<string, string>;
}

const pages: PageToMeasure[] = [
  { name: 'Anmeldung', path: '/login' },
  { name: 'Administration', path: '/admin', session: (s) => ({ token: s.adminToken }) },
  { name: 'Dashboard Architekt/in', path: '/dashboard', session: (s) => ({ token: s.architectToken }) },
  { name: 'Dashboard Kund/in', path: '/dashboardClient', session: (s) => ({ token: s.clientToken }) },
  { name: 'Fragebogen: Fenster', path: '/windows', session: (s) => ({ token: s.clientToken, projectId: String(s.projectId) }) },
];

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

/** A team for the admin page, a project with some answers for the dashboards and the questionnaire. */
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
  await api(origin, 'POST', '/MessageManagment/createChat', architectToken, { message: 'Grüß Gott, bitte füllen Sie den Fragebogen aus.', senderUsername: 'gruber', receiverUsername: 'huber' });
  return { adminToken, architectToken, clientToken, projectId: project.id };
}

/** One Lighthouse run on a tab that already holds the page's session, with a cold HTTP cache. */
async function measure(browser: Browser, target: PageToMeasure, site: Site): Promise<RunnerResult> {
  const { origin, seed } = site;
  if (!seed) throw new Error(`${site.label}: nicht geseedet`);
  const page: Page = await browser.newPage();
  try {
    const session = target.session?.(seed) ?? {};
    await page.goto(`${origin}/impressum`, { waitUntil: 'load' });
    await page.evaluate((entries) => {
      sessionStorage.clear();
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
    }, session);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    // Lighthouse would clear the origin's storage, and with it the session in sessionStorage.
    const flags: Flags = { onlyCategories: ['performance', 'accessibility'], disableStorageReset: true, logLevel: 'error', locale: 'de' };
    const result = await lighthouse(`${origin}${target.path}`, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${target.path}`);
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== target.path) {
      throw new Error(`${target.path} wurde nach ${result.lhr.finalDisplayedUrl} umgeleitet: die Sitzung fehlt`);
    }
    return result;
  } finally {
    await page.close();
  }
}

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
  return { line: `${String(median(perf)).padStart(11)}  ${String(score(middle, 'accessibility')).padStart(16)}  ${fcp.padEnd(8)} ${lcp.padEnd(8)} ${tbt.padEnd(8)} (${perf.join(', ')})`, middle };
}

async function main(): Promise<void> {
  requireBuild();
  const sites: Site[] = [];
  let browser: Browser | undefined;
  try {
    sites.push(await startSite('dieser Build', port));
    if (baselineDist) sites.push(await startSite('Vergleich', port + 1, path.resolve(baselineDist)));
    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    fs.mkdirSync(reportDir, { recursive: true });
    console.log(`Lighthouse ${runs}× je Seite, Mobil-Voreinstellung, Median${baselineDist ? `; Vergleich: ${baselineDist}, abwechselnd gemessen` : ''}:\n`);
    console.log('Seite                        Performance  Barrierefreiheit  FCP      LCP      TBT');
    const only = process.env.LIGHTHOUSE_ONLY?.split(',');
    for (const target of pages.filter((p) => !only || only.includes(p.path))) {
      const results = new Map<Site, RunnerResult[]>(sites.map((site) => [site, []]));
      // Run for run alternating, so a busy moment of the machine hits both builds alike.
      for (let run = 0; run < runs; run++) for (const site of sites) results.get(site)!.push(await measure(browser, target, site));
      for (const site of sites) {
        const { line, middle } = summary(results.get(site)!);
        if (site === sites[0]) fs.writeFileSync(path.join(reportDir, `${target.path.slice(1)}.json`), JSON.stringify(middle.lhr, null, 1));
        const name = sites.length > 1 ? `${target.name} (${site.label})` : target.name;
        console.log(`${name.padEnd(28)} ${line}`);
        for (const failed of failedAccessibilityAudits(middle)) console.log(`    Barrierefreiheit: ${failed}`);
        // A run Lighthouse could not finish (e.g. no paint within its time limit on a busy machine) scores 0.
        for (const error of results.get(site)!.flatMap((r) => (r.lhr.runtimeError ? [`${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`] : []))) console.log(`    Lauf fehlgeschlagen: ${error}`);
      }
    }
    console.log(`\nBerichte: ${path.relative(root, reportDir)}/*.json`);
  } finally {
    await browser?.close();
    for (const site of sites) {
      site.server.kill('SIGTERM');
      fs.rmSync(site.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
