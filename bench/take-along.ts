// npm run take-along-bench (bench/take-along.ts): 'Offline verfügbar machen' on the demo's largest
// project, in Debian's Chromium at a phone's size (390×844, 2 device pixels per CSS pixel). Needs
// `npm run build`. Starts the built server with DEMO=1 on a fresh data folder, picks the client
// project with the most files (most pages on a tie), logs in as its client, and measures per run the
// time from the button to 'Offline verfügbar · Stand …' and the size the card reports, against the
// sum of the project's files' sizes (their downloads, fetched through the API). Between runs the
// project's offline data is removed on the card. TAKE_ALONG_RUNS (3), TAKE_ALONG_PORT (4320).
// Not part of npm test: the time depends on the machine; the figures go into docs/performance.md.
import { chromiumArgs } from '../scripts/chromium-args.mjs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { demoPassword } from '../apps/server/src/modules/demo/seed-demo';
import { largestClientProject, startDemoSite, type LargestProject } from './demo-site';
import { missingToolsLine } from './tools';

const port = Number(process.env.TAKE_ALONG_PORT ?? 4320);
const runs = Number(process.env.TAKE_ALONG_RUNS ?? 3);
const origin = `http://127.0.0.1:${port}`;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The sum of the project's files' sizes: every original downloaded through its signed link. */
async function filesBytes(largest: LargestProject): Promise<number> {
  const login = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: largest.username, password: demoPassword }) });
  const { token } = (await login.json()) as { token: string };
  const list = (await (await fetch(`${origin}/api/s3/project/${largest.projectId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ url: string }>;
  let bytes = 0;
  for (const file of list) bytes += (await (await fetch(new URL(file.url, origin))).arrayBuffer()).byteLength;
  await fetch(`${origin}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
  return bytes;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const missing = missingToolsLine('take-along', ['chromium']);
  if (missing) return console.log(missing);
  const site = await startDemoSite(port);
  try {
    const largest = await largestClientProject(site);
    const original = await filesBytes(largest);
    const browser = await chromium.launch({ executablePath, args: ['--headless', ...chromiumArgs] });
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Benutzername').fill(largest.username);
    await page.getByLabel('Passwort').fill(demoPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboardClient$/);
    await page.goto(`/projectOverview?projectId=${largest.projectId}`);
    const card = page.getByRole('region', { name: 'Offline verfügbar', exact: true });
    const times: number[] = [];
    let size = '';
    for (let run = 0; run < runs; run++) {
      const button = card.getByRole('button', { name: 'Offline verfügbar machen' });
      await button.waitFor();
      const started = performance.now();
      await button.click();
      await card.getByText(/^Offline verfügbar · Stand/).waitFor({ timeout: 300_000 });
      times.push(performance.now() - started);
      size = (await card.getByText(/^Belegt auf diesem Gerät: /).textContent()) ?? '';
      await card.getByRole('button', { name: 'Offline-Daten entfernen' }).click();
    }
    await browser.close();
    const load = os.loadavg()[0]?.toFixed(2);
    console.log(`Größtes Projekt der Demo: ${largest.projectId}, ${largest.files} Dateien, ${largest.pages} PDF-Seiten; Originale zusammen ${(original / 1024).toFixed(1)} KiB`);
    console.log(`Offline gespeichert: ${size.replace('Belegt auf diesem Gerät: ', '')}; Zeit (Median von ${runs}): ${median(times).toFixed(0)} ms [${times.map((time) => time.toFixed(0)).join(', ')}]; Last (1 min): ${load}`);
  } finally {
    site.stop();
  }
}

await main();
