// npm run offline-start-bench (bench/offline-start.ts): the app opened again on a phone without a
// connection — a cold start from what is kept on the device — to a usable dashboard, and to a plan
// page kept offline, in Debian's Chromium at a phone's size (390×844) with the CPU slowed 4× (the
// mobile Lighthouse profile's CPU; OFFLINE_START_CPU_SLOWDOWN replaces it). Needs `npm run build`.
// Starts the built server with DEMO=1 on a fresh data folder, logs in as the client of the demo's
// largest project with 'Auf diesem Gerät angemeldet bleiben' on a browser profile on disk, makes
// the project available offline, and closes the browser. Each run then opens the profile again and
// one page: offline, and — the baseline, in alternating runs — online. Timed from the navigation to
// the dashboard naming the project, and to the plan's first page drawn. OFFLINE_START_RUNS (5),
// OFFLINE_START_PORT (4330), OFFLINE_START_TRACE=1 (a trace per run in reports/offline-start/). Not part of npm test; the figures go into docs/performance.md.
import { chromiumArgs } from '../scripts/chromium-args.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { planLinkPath } from '@bauakte/domain';
import { demoPassword } from '../apps/server/src/modules/demo/seed-demo';
import { largestClientProject, startDemoSite, type DemoSite, type LargestProject } from './demo-site';
import { missingToolsLine } from './tools';

const port = Number(process.env.OFFLINE_START_PORT ?? 4330);
const runs = Number(process.env.OFFLINE_START_RUNS ?? 5);
const cpuSlowdown = Number(process.env.OFFLINE_START_CPU_SLOWDOWN ?? 4);
const origin = `http://127.0.0.1:${port}`;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The goal for a cold start offline on the mobile profile, in ms. */
const goalMs = 1_500;

/** The project taken along, with the PDF plan whose kept page is opened. */
type Largest = LargestProject & { planFileId: number };

async function largestProject(site: DemoSite): Promise<Largest> {
  const largest = await largestClientProject(site);
  if (largest.planFileId === null) throw new Error(`project ${largest.projectId} has no PDF plan with pages`);
  return { ...largest, planFileId: largest.planFileId };
}

const openProfile = (dir: string): Promise<BrowserContext> =>
  chromium.launchPersistentContext(dir, {
    executablePath,
    args: ['--headless', ...chromiumArgs],
    baseURL: origin,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
  });

/** Logged in with the opt-in, the project made available offline: then every window closes. */
async function takeAlong(dir: string, largest: Largest): Promise<void> {
  const context = await openProfile(dir);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(largest.username);
  await page.getByLabel('Passwort').fill(demoPassword);
  await page.getByRole('checkbox', { name: 'Auf diesem Gerät angemeldet bleiben' }).check();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboardClient$/);
  // The app is kept by its service worker before anything else.
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  await page.goto(`/projectOverview?projectId=${largest.projectId}`);
  const card = page.getByRole('region', { name: 'Offline verfügbar', exact: true });
  await card.getByRole('button', { name: 'Offline verfügbar machen' }).click();
  await card.getByText(/^Offline verfügbar · Stand/).waitFor({ timeout: 300_000 });
  await context.close();
}

/** The page's first paint of what a person came for: the dashboard naming the project, or the plan's page drawn. */
async function ready(page: Page, target: 'dashboard' | 'plan', largest: Largest): Promise<void> {
  if (target === 'dashboard') {
    await page.getByText(largest.projectName).first().waitFor({ timeout: 60_000 });
    return;
  }
  // A function, not a string: the app's Content Security Policy allows no eval.
  await page.waitForFunction(
    (selector) => {
      const { document } = globalThis as unknown as { document: { querySelectorAll(selector: string): ArrayLike<{ complete: boolean; naturalWidth: number }> } };
      return Array.from(document.querySelectorAll(selector)).some((image) => image.complete && image.naturalWidth > 0);
    },
    '[data-plan-stage] img',
    { timeout: 60_000 },
  );
}

/** OFFLINE_START_TRACE=1: each run's trace with Chrome's CPU samples, for `npm run start-costs -- <trace>`. */
const traceFolder = process.env.OFFLINE_START_TRACE === '1' ? path.resolve('reports/offline-start') : undefined;
const traceCategories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading', 'toplevel'];

/** Ends the trace and writes it to `file`. */
async function saveTrace(cdp: CDPSession, file: string): Promise<void> {
  const events: unknown[] = [];
  const collected = (event: { value: unknown[] }) => void events.push(...event.value);
  cdp.on('Tracing.dataCollected', collected);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ traceEvents: events }));
}

/** One cold start: the profile opened again, the CPU slowed, one page opened and timed until it is ready. */
async function coldStart(dir: string, largest: Largest, target: 'dashboard' | 'plan', offline: boolean, run: number): Promise<number> {
  const context = await openProfile(dir);
  try {
    await context.setOffline(offline);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    if (traceFolder) await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: traceCategories } });
    const url = target === 'dashboard' ? '/dashboardClient' : planLinkPath(largest.projectId, largest.planFileId, 1);
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await ready(page, target, largest);
    const took = performance.now() - started;
    if (traceFolder) await saveTrace(cdp, path.join(traceFolder, `${target}-${offline ? 'offline' : 'online'}-${run + 1}.trace.json`));
    return took;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (values: number[]) => `median ${median(values).toFixed(0)} ms [${values.map((value) => value.toFixed(0)).join(', ')}]`;

async function main(): Promise<void> {
  const missing = missingToolsLine('offline-start', ['chromium']);
  if (missing) return console.log(missing);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-offline-profile-'));
  const site = await startDemoSite(port);
  try {
    const largest = await largestProject(site);
    await takeAlong(profile, largest);
    console.log(`offline-start: the app opened again on a phone (390×844, CPU ${cpuSlowdown}× slower), the demo's largest project (${largest.projectId}) kept offline; ${runs} runs each, offline and online alternating; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')} on ${os.cpus().length} cores`);
    for (const target of ['dashboard', 'plan'] as const) {
      const times = { offline: [] as number[], online: [] as number[] };
      for (let run = 0; run < runs; run++) {
        for (const offline of run % 2 === 0 ? [true, false] : [false, true]) times[offline ? 'offline' : 'online'].push(await coldStart(profile, largest, target, offline, run));
      }
      const ratio = median(times.offline) / median(times.online);
      console.log(`${target.padEnd(9)} offline ${ms(times.offline)}`);
      console.log(`${''.padEnd(9)} baseline online ${ms(times.online)}; ratio offline/online ${ratio.toFixed(2)}×`);
      console.log(`${''.padEnd(9)} verdict: ≤ ${goalMs} ms offline — goal ${median(times.offline) <= goalMs ? 'met' : 'NOT met'} (on this machine; see Lighthouse's benchmark index in docs/performance.md)`);
    }
  } finally {
    site.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await main();
