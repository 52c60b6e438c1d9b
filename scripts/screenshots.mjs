// Takes the README screenshots from a running server: node scripts/screenshots.mjs [baseUrl] [adminUser] [adminPassword]
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:8080', user = 'admin', password = ''] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'de-AT' });
await page.goto(`${base}/login`);
await page.getByRole('heading', { name: 'Willkommen Zurück!' }).waitFor();
await page.screenshot({ path: 'docs/screenshots/login.png' });
if (password) {
  await page.getByLabel('Benutzername').fill(user);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(admin|dashboard|dashboardClient)$/);
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'docs/screenshots/start.png' });
}
await browser.close();
