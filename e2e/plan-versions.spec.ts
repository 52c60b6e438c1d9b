import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { cardOf } from './support/portal';
import { seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { onePagePdf, twoByTwoPng } from './support/sample-files';

const pdf = onePagePdf();
const png = twoByTwoPng();

/** Today in the tiles' form (de-AT, Vienna): '12.03.2026'. */
const today = () => new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeZone: 'Europe/Vienna' }).format(new Date());

async function uploadFirstVersion(page: Page): Promise<void> {
  await cardOf(page, 'Projektdateien').getByRole('button', { name: '+ Plan hochladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan hochladen' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'grundriss.pdf', mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByLabel('Titel', { exact: true }).fill('Grundriss EG');
  await dialog.getByLabel('Kommentar (optional)').fill('Stand Einreichung');
  await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** The browser window does not scroll sideways: everything fits the screen's width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const sizes = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 375, height: 667 } },
];

test.describe('versions of a plan', () => {
  // Seeding waits for two invitation mails; both workers share one server.
  test.describe.configure({ timeout: 150_000 });

  for (const { name, viewport } of sizes) {
    test(`on ${name}: a new version replaces the plan in the list, 'Versionen' lists both, deleting removes both`, async ({ page, request, browser }) => {
      await page.setViewportSize(viewport);
      const { architect, client, projectId } = await seedClientProject(request);
      await loginAs(page, architect.username, architect.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await selectProjectInSession(page, projectId);
      await page.goto('/projectOverview');
      const files = cardOf(page, 'Projektdateien');
      await expect(files.getByText('Noch keine Dateien vorhanden.')).toBeVisible();

      await uploadFirstVersion(page);
      const tile = files.getByRole('article', { name: 'Grundriss EG' });
      await expect(tile).toBeVisible();
      await expect(tile.getByText(/^Version \d/)).toHaveCount(0);

      // The one upload modal, preset to the plan: the current version's title; the comment is the new version's own.
      await tile.getByRole('button', { name: 'Neue Version hochladen: Grundriss EG' }).click();
      const dialog = page.getByRole('dialog', { name: 'Neue Version hochladen' });
      await expect(dialog.getByLabel('Titel', { exact: true })).toHaveValue('Grundriss EG');
      await expect(dialog.getByLabel('Kommentar (optional)')).toHaveValue('');
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'grundriss-korrigiert.png', mimeType: 'image/png', buffer: png });
      await expect(dialog.getByLabel('Titel', { exact: true })).toHaveValue('Grundriss EG');
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
      await expect(dialog).toHaveCount(0);

      await expect(files.getByRole('article')).toHaveCount(1);
      await expect(tile.getByText(`Version 2 · ${today()}`)).toBeVisible();
      const current = tile.getByRole('link', { name: 'Download: Grundriss EG' });
      expect(Buffer.from(await (await page.request.get((await current.getAttribute('href')) ?? '')).body()).equals(png), 'the list offers the new version').toBe(true);
      expect(await fitsWidth(page)).toBe(true);

      await tile.getByRole('button', { name: 'Versionen: Grundriss EG' }).click();
      const versions = page.getByRole('dialog', { name: 'Versionen von „Grundriss EG“' });
      const entries = versions.getByRole('list', { name: 'Versionen' }).getByRole('listitem');
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toContainText('Version 2aktuell');
      await expect(entries.nth(1)).toContainText('Version 1');
      await expect(entries.nth(1)).not.toContainText('aktuell');
      const oldest = entries.nth(1).getByRole('link', { name: 'Download: Grundriss EG, Version 1' });
      await expect(oldest).toHaveAttribute('download', 'grundriss.pdf');
      const oldestHref = (await oldest.getAttribute('href')) ?? '';
      expect(Buffer.from(await (await page.request.get(oldestHref)).body()).equals(pdf), 'the first version stays downloadable').toBe(true);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(versions).toHaveCount(0);

      // The client, in a browser of their own, sees the same plan at its current version.
      const clientPage = await browser.newPage({ viewport, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
      await loginAs(clientPage, client.username, client.password);
      await expect(clientPage).toHaveURL(/\/dashboardClient$/);
      await selectProjectInSession(clientPage, projectId);
      await clientPage.goto('/projectOverview');
      const clientTile = cardOf(clientPage, 'Projektdateien').getByRole('article', { name: 'Grundriss EG' });
      await expect(clientTile.getByText(`Version 2 · ${today()}`)).toBeVisible();

      await clientTile.getByRole('button', { name: 'Löschen: Grundriss EG' }).click();
      await clientPage.getByRole('alertdialog', { name: 'Plan „Grundriss EG“ mit allen 2 Versionen löschen?' }).getByRole('button', { name: 'Löschen' }).click();
      await expect(cardOf(clientPage, 'Projektdateien').getByText('Noch keine Dateien vorhanden.')).toBeVisible();
      await clientPage.context().close();
      expect((await page.request.get(oldestHref)).status(), 'no version is served after the delete').not.toBe(200);
    });
  }
});
