import * as mupdf from 'mupdf';
import fs from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { appPathOf, linkIn, waitForMail } from './support/mail';
import { showPins } from './support/plan-viewer';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { multiPagePdf, twoByTwoPng } from './support/sample-files';

/** The text of every page, read with MuPDF (the server's renderer), so the spec needs no system tool. */
function pdfText(pdf: Buffer): string {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages = Array.from({ length: document.countPages() }, (_, index) => document.loadPage(index).toStructuredText('preserve-whitespace').asText());
  return pages.join('\n');
}

const photo = twoByTwoPng();
const desktop = { width: 1366, height: 768 };
const phone = { width: 375, height: 667 };
const comment = 'Hier fehlt die Tür zum Abstellraum';

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
  return context.newPage();
}

/** Through the upload modal: the first version, or with `replaces` through the tile's 'Neue Version hochladen'. */
async function uploadThroughApp(page: Page, options: { newVersion: boolean }): Promise<void> {
  const files = cardOf(page, 'Projektdateien');
  const opener = options.newVersion
    ? files.getByRole('article', { name: 'Grundriss EG' }).getByRole('button', { name: 'Neue Version hochladen: Grundriss EG' })
    : files.getByRole('button', { name: '+ Plan hochladen' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: options.newVersion ? 'Neue Version hochladen' : 'Plan hochladen' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'grundriss-eg.pdf', mimeType: 'application/pdf', buffer: multiPagePdf(3) });
  if (!options.newVersion) await dialog.getByLabel('Titel', { exact: true }).fill('Grundriss EG');
  await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

async function openPlan(page: Page): Promise<{ viewer: Locator; opener: Locator }> {
  const opener = cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss EG' });
  await opener.click();
  const viewer = page.getByRole('dialog', { name: 'Grundriss EG' });
  await showPins(viewer);
  return { viewer, opener };
}

const zoomOf = (viewer: Locator) => viewer.getByRole('group', { name: 'Zoom' }).getByText(/ %$/);
const pageImage = (viewer: Locator, page: number) => viewer.getByAltText(`Grundriss EG, Seite ${page} von 3`);
const loaded = (image: Locator) => expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
const pagePosition = (viewer: Locator) => viewer.locator('[data-plan-page]').evaluate((element: HTMLElement) => element.style.transform);

/** The viewer takes the keys as it opens: no control needs a click first. */
async function keysWorkAtOnce(viewer: Locator): Promise<void> {
  const page = viewer.page();
  await expect.poll(() => viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await loaded(pageImage(viewer, 1));
  await expect(zoomOf(viewer)).toHaveText('100 %');
  await page.keyboard.press('+');
  await expect(zoomOf(viewer)).toHaveText('125 %');
  const before = await pagePosition(viewer);
  // The zoomed page overflows the stage one way or the other (a square plan on a wide or a narrow screen).
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => pagePosition(viewer)).not.toBe(before);
  await page.keyboard.press('-');
  await expect(zoomOf(viewer)).toHaveText('100 %');
  await page.keyboard.press('+');
  await page.keyboard.press('0');
  await expect(zoomOf(viewer)).toHaveText('100 %');
  await page.keyboard.press('PageDown');
  await expect(viewer.getByText('Seite 2 von 3')).toBeVisible();
  await page.keyboard.press('PageUp');
  await expect(viewer.getByText('Seite 1 von 3')).toBeVisible();
}

const sizes = [
  { name: 'the client on a phone, the architect at a desktop', client: phone, architect: desktop },
  { name: 'the client at a desktop, the architect on a phone', client: desktop, architect: phone },
];

test.describe('two browsers on one PDF plan, live', () => {
  // Seeding waits for two invitation mails; previews and the export are rendered in workers.
  test.describe.configure({ timeout: 240_000 });

  for (const size of sizes) {
    test(`${size.name}: a pin with a photo appears live, a new version is offered live and offers the pin to take over, the export names it`, async ({ browser, request }) => {
      const { architect, client, projectId, projectName } = await seedClientProject(request);

      const office = await newPage(browser, size.architect);
      await loginAs(office, architect.username, architect.password);
      await expect(office).toHaveURL(/\/dashboard$/);
      await selectProjectInSession(office, projectId);
      await office.goto('/projectOverview');
      await uploadThroughApp(office, { newVersion: false });
      const architectView = await openPlan(office);
      await expect(architectView.viewer.getByText('Noch keine Markierungen auf diesem Plan.')).toBeVisible();

      const home = await newPage(browser, size.client);
      await loginAsClientWithProject(home, client, projectId);
      await home.goto('/projectOverview');
      const { viewer, opener } = await openPlan(home);
      await keysWorkAtOnce(viewer);
      await expectNoSeriousA11yViolations(home);

      // Zoom, then to page 2, and mark a spot there with a comment and a photo.
      await viewer.getByRole('button', { name: 'Vergrößern' }).click();
      await expect(zoomOf(viewer)).toHaveText('125 %');
      await viewer.getByRole('button', { name: 'Nächste Seite' }).click();
      await expect(viewer.getByText('Seite 2 von 3')).toBeVisible();
      await loaded(pageImage(viewer, 2));
      await viewer.getByRole('button', { name: 'Markierung setzen' }).click();
      await viewer.getByRole('button', { name: 'Hier markieren' }).click();
      const form = viewer.getByRole('form', { name: 'Markierung 1', exact: true });
      await form.getByLabel(/Was ist an dieser Stelle/).fill(comment);
      const photoInput = form.locator('input[type="file"]');
      await expect(photoInput).toHaveAttribute('capture', /.*/);
      await photoInput.setInputFiles({ name: 'tuer.png', mimeType: 'image/png', buffer: photo });
      await form.getByRole('button', { name: 'Markierung speichern' }).click();
      await expect(form).toHaveCount(0);
      await expect(viewer.getByRole('button', { name: `Markierung 1: ${comment}`, exact: true })).toBeVisible();
      await expect(viewer.getByRole('img', { name: 'Foto zu Markierung 1' })).toBeVisible();

      // The architect, still on page 1, is told of it at once and finds it on page 2 — no reload.
      await expect(architectView.viewer.getByText('Eine weitere Markierung auf anderen Seiten.')).toBeVisible();
      await architectView.viewer.getByRole('button', { name: 'Nächste Seite' }).click();
      await expect(architectView.viewer.getByRole('button', { name: `Markierung 1: ${comment}`, exact: true })).toBeVisible();
      // … and by mail, as the message setting asks (by default on every new message).
      const notice = await waitForMail(architect.email, new RegExp(`Neues zu den Plänen: ${projectName}`));
      expect(notice.text).toContain(`Klara Kundin hat im Projekt „${projectName}“ auf dem Plan „Grundriss EG“ die Markierung 1 gesetzt.`);

      // A corrected plan, uploaded while the client still looks at version 1: her open viewer offers
      // version 2 without a reload, keeps showing version 1 until she chooses, then opens it on the
      // page she is on, with the pin of version 1 greyed, to take over.
      await office.keyboard.press('Escape');
      await uploadThroughApp(office, { newVersion: true });
      await expect(cardOf(office, 'Projektdateien').getByRole('article', { name: 'Grundriss EG' }).getByText(/^Version 2 · /)).toBeVisible();
      const offer = viewer.getByRole('status').filter({ hasText: 'Neue Version verfügbar' });
      await expect(offer).toContainText('Version 2, hochgeladen von Erika Muster');
      await expect(viewer.getByRole('button', { name: `Markierung 1: ${comment}`, exact: true })).toBeVisible();
      await offer.getByRole('button', { name: 'Version 2 öffnen' }).click();
      await expect(offer).toHaveCount(0);
      await expect(viewer.getByText('Seite 2 von 3')).toBeVisible();
      await showPins(viewer);
      await expect(viewer.getByRole('heading', { name: 'Aus Version 1' })).toBeVisible();
      await expect(viewer.getByRole('button', { name: `Version 1, Markierung 1: ${comment}`, exact: true })).toBeVisible();
      await expect(viewer.getByRole('button', { name: 'Markierung 1 übernehmen' })).toHaveText('Übernehmen');
      await loaded(pageImage(viewer, 2));
      await home.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
      await expect(opener).toBeFocused();
      await expect(cardOf(home, 'Projektdateien').getByRole('article', { name: 'Grundriss EG' }).getByText(/^Version 2 · /)).toBeVisible();
      // The client's notice mail links to the new version in the viewer.
      const versionNotice = await waitForMail(client.email, new RegExp(`Neues zu den Plänen: ${projectName}`));
      expect(versionNotice.text).toContain(`hat im Projekt „${projectName}“ die Version 2 des Plans „Grundriss EG“ hochgeladen.`);
      await home.goto(appPathOf(linkIn(versionNotice, '/projectOverview?')));
      const again = { viewer: home.getByRole('dialog', { name: 'Grundriss EG' }) };
      await expect(again.viewer.getByText('Seite 1 von 3')).toBeVisible();
      await again.viewer.getByRole('button', { name: 'Nächste Seite' }).click();
      await showPins(again.viewer);
      await expect(again.viewer.getByRole('heading', { name: 'Aus Version 1' })).toBeVisible();
      await expect(again.viewer.getByRole('button', { name: `Version 1, Markierung 1: ${comment}`, exact: true })).toBeVisible();
      await expect(again.viewer.getByRole('button', { name: 'Markierung 1 übernehmen' })).toHaveText('Übernehmen');
      await expectNoSeriousA11yViolations(home);

      // The architect's change log names both without a reload; the exported PDF holds the pin's comment.
      const log = office.getByRole('list', { name: 'Wer hat wann was am Fragebogen und an den Plänen geändert' });
      await expect(log.getByRole('listitem').nth(0)).toContainText('Neue Version 2 von „Grundriss EG“');
      await expect(log.getByRole('listitem').nth(1)).toContainText(`Markierung 1 auf „Grundriss EG“: ${comment}`);
      await expect(log.getByRole('listitem').nth(1)).toContainText('Klara Kundin');
      await cardOf(office, 'Aktionen').getByRole('button', { name: 'Projekt exportieren' }).click();
      const exportDialog = office.getByRole('dialog', { name: 'Projekt exportieren' });
      const [download] = await Promise.all([office.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Exportieren' }).click()]);
      expect(await download.failure()).toBeNull();
      const pdf = await fs.readFile(await download.path());
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toContain(comment);

      // 'Alle offenen übernehmen' carries the open item of version 1 to version 2 with one click.
      await again.viewer.getByRole('button', { name: 'Alle offenen übernehmen' }).click();
      await expect(home.getByText('1 Punkt wurde übernommen.')).toBeVisible();
      await expect(again.viewer.getByRole('heading', { name: 'Aus Version 1' })).toHaveCount(0);
      await expect(again.viewer.getByRole('button', { name: `Markierung 1: ${comment}`, exact: true })).toBeVisible();

      await office.context().close();
      await home.context().close();
    });
  }
});
