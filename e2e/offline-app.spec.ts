import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs, withServiceWorker } from './support/fixtures';
import { cardOf } from './support/portal';
import { answerQuestionnaireViaApi, loginAsClientWithProject, seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { twoByTwoPng } from './support/sample-files';

const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 740 };

/** What this browser keeps: IndexedDB databases and Cache Storage names. */
async function keptOnDevice(page: Page): Promise<{ databases: string[]; caches: string[] }> {
  return page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((db) => db.name ?? ''),
    caches: await caches.keys(),
  }));
}

/** The client uploads a photo on the project overview, as on site. */
async function uploadPhoto(page: Page, title: string): Promise<void> {
  await cardOf(page, 'Projektdateien').getByRole('button', { name: '+ Plan hochladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan hochladen' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'keller.png', mimeType: 'image/png', buffer: twoByTwoPng() });
  await dialog.getByLabel('Titel', { exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

const pictureShown = (page: Page, alt: string) => page.getByAltText(alt).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);

test.use(withServiceWorker);

test.describe('the app on site without a connection', () => {
  // One long journey (two clients, upload, two offline reloads, logout): a slow machine needs more than the default minute.
  test.describe.configure({ timeout: 180_000 });
  test('a client reads their project offline after one visit, and their logout leaves nothing for the next user', async ({ browser, request }) => {
    const first = await seedClientProject(request);
    await answerQuestionnaireViaApi(request, first.client, first.projectId);
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();

    await loginAsClientWithProject(page, first.client, first.projectId);
    // Installable: the manifest is linked and complete, the service worker takes charge.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = (await (await request.get(manifestHref!)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Bauakte', short_name: 'Bauakte', start_url: '/', display: 'standalone', lang: 'de' });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([expect.objectContaining({ sizes: '192x192' }), expect.objectContaining({ sizes: '512x512', purpose: 'maskable' })]),
    );
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    // Chromium's own check; a test browser's context is incognito, which alone keeps it from offering to install.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    // Online: the project's overview with its files, and step 1 of the questionnaire.
    await page.goto('/projectOverview');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page').toBe(true);
    await uploadPhoto(page, 'Kellerwand');
    await expect.poll(() => pictureShown(page, 'Kellerwand')).toBe(true);
    await expect
      .poll(async () => (await keptOnDevice(page)).caches, { message: 'the thumbnail is kept for this user' })
      .toContain(`bauakte-pictures-${first.client.username}`);
    // The picture itself is filed after it is shown: wait until the cache holds it, not only exists.
    await expect
      .poll(() => page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, `bauakte-pictures-${first.client.username}`), { message: 'the thumbnail is in the cache' })
      .toBeGreaterThan(0);
    await page.goto('/general');
    await expect(page.getByLabel('Baujahr', { exact: true })).toHaveValue('1965');

    // In the cellar: no connection, the page is loaded again.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByLabel('Baujahr', { exact: true })).toHaveValue('1965');
    await expect(page.getByRole('status').filter({ hasText: /^Offline — Stand von \d\d:\d\d$/ })).toBeVisible();
    await page.goto('/projectOverview');
    await expect(page.getByText(first.projectName).first()).toBeVisible();
    await expect(cardOf(page, 'Projektdateien').getByRole('heading', { name: 'Kellerwand' })).toBeVisible();
    await expect.poll(() => pictureShown(page, 'Kellerwand'), { message: 'the kept thumbnail is shown offline' }).toBe(true);

    // On a phone the banner stands at the top of the page.
    await page.setViewportSize(phone);
    const banner = page.getByRole('status').filter({ hasText: /^Offline — Stand von/ });
    await expect(banner).toBeInViewport();
    expect((await banner.boundingBox())?.width).toBeLessThanOrEqual(phone.width);
    await expectNoSeriousA11yViolations(page);

    // Back online: the banner goes; the logout removes what this browser kept of the client.
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    await page.setViewportSize(desktop);
    expect((await keptOnDevice(page)).databases).toContain(`bauakte-read-cache-${first.client.username}`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const afterLogout = await keptOnDevice(page);
    expect(afterLogout.databases).not.toContain(`bauakte-read-cache-${first.client.username}`);
    expect(afterLogout.caches).not.toContain(`bauakte-pictures-${first.client.username}`);

    // Another client at the same browser sees nothing of the first one, not even offline.
    const second = await seedClientProject(request);
    await loginAs(page, second.client.username, second.client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await expect(page.getByText(second.projectName).first()).toBeVisible();
    await selectProjectInSession(page, first.projectId);
    await context.setOffline(true);
    await page.goto('/general');
    await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();
    await expect(page.getByLabel('Baujahr', { exact: true })).toHaveCount(0);
    await expect(page.getByText(first.projectName)).toHaveCount(0);
    expect((await keptOnDevice(page)).databases.filter((name) => name.startsWith('bauakte-read-cache-'))).toEqual([`bauakte-read-cache-${second.client.username}`]);
    await context.setOffline(false);
    await context.close();
  });
});
