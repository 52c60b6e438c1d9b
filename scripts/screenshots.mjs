// Takes the README's login screenshot (docs/screenshots/login.png) from a running server: node scripts/screenshots.mjs [baseUrl]
import { chromiumArgs } from './chromium-args.mjs';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:8080'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', ...chromiumArgs],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'de-AT' });
await page.goto(`${base}/login`);
await page.getByRole('heading', { name: 'Willkommen Zurück!' }).waitFor();
await page.screenshot({ path: 'docs/screenshots/login.png' });
await browser.close();
