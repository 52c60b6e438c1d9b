import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { cardOf } from './support/portal';
import { seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { onePagePdf, onePagePdfParts, pdfBytes, twoByTwoPng, type PdfParts } from './support/sample-files';

const png = twoByTwoPng();
const pdf = onePagePdf();

interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

type ProgressWindow = Window & { uploadProgressSeen?: string[] };

/** Records every value the modal's progress bar shows: a small upload on loopback passes in a blink. */
async function recordUploadProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as ProgressWindow).uploadProgressSeen = seen;
    const record = () => {
      const value = document.querySelector('[role="dialog"] [role="progressbar"]')?.getAttribute('aria-valuenow');
      if (value && seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

const uploadProgressSeen = (page: Page) => page.evaluate(() => (window as ProgressWindow).uploadProgressSeen ?? []);

async function openUpload(page: Page): Promise<Locator> {
  await cardOf(page, 'Projektdateien').getByRole('button', { name: '+ Plan hochladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan hochladen' });
  await expect(dialog.getByLabel('Titel', { exact: true })).toBeVisible();
  return dialog;
}

async function choose(dialog: Locator, file: ChosenFile): Promise<void> {
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog.getByText(`Ausgewählt: ${file.name}`, { exact: false })).toBeVisible();
}

/** Uploads through 'Plan hochladen' and waits until the modal has closed after its success. */
async function upload(page: Page, file: ChosenFile, title: string, comment = ''): Promise<void> {
  const dialog = await openUpload(page);
  await choose(dialog, file);
  await dialog.getByLabel('Titel', { exact: true }).fill(title);
  if (comment) await dialog.getByLabel('Kommentar (optional)').fill(comment);
  await recordUploadProgress(page);
  await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect(await uploadProgressSeen(page), 'the progress bar reached 100 %').toContain('100');
}

/**
 * Drops a PDF onto the modal's drop zone as a user dragging it from the desktop would. The browser
 * builds the file from its parts: tens of megabytes do not pass through the test protocol.
 */
async function dropPdf(dialog: Locator, name: string, parts: PdfParts): Promise<void> {
  const transfer = await dialog.page().evaluateHandle(
    ({ fileName, head, padding, tail }) => {
      const dropped = new DataTransfer();
      dropped.items.add(new File([head, new Uint8Array(padding).fill(0x20), tail], fileName, { type: 'application/pdf' }));
      return dropped;
    },
    { fileName: name, ...parts },
  );
  const zone = dialog.getByRole('button', { name: 'Datei hierher ziehen oder klicken, um sie auszuwählen' });
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer: transfer });
}

const mebibytes = (count: number) => count * 1024 * 1024;

async function openProjectFromDashboard(page: Page, projectName: string): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(projectName) }).click();
  await expect(page).toHaveURL(/\/projectOverview$/);
  const files = cardOf(page, 'Projektdateien');
  await expect(files).toBeVisible();
  return files;
}

async function downloadedBytes(page: Page, link: Locator): Promise<Buffer> {
  const href = await link.getAttribute('href');
  if (!href) throw new Error('Download link without href');
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  return Buffer.from(await response.body());
}

test.describe('project files', () => {
  // Seeding waits for two invitation mails; both workers share one server.
  test.describe.configure({ timeout: 180_000 });

  test('the client uploads a plan and a photo, the architect sees both and deletes one', async ({ page, request }) => {
    const { architect, client, projectId, projectName } = await seedClientProject(request);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    const files = await openProjectFromDashboard(page, projectName);
    await expect(files.getByText('Noch keine Dateien vorhanden.')).toBeVisible();

    const dialog = await openUpload(page);
    await expect(dialog.getByText('JPG, PNG, PDF')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);

    await upload(page, { name: 'ansicht-sued.png', mimeType: 'image/png', buffer: png }, 'Ansicht Süd', 'Vom Garten aus');
    await upload(page, { name: 'grundriss.pdf', mimeType: 'application/pdf', buffer: pdf }, 'Grundriss EG');

    const photo = files.getByRole('article', { name: 'Ansicht Süd' });
    const plan = files.getByRole('article', { name: 'Grundriss EG' });
    await expect(photo.getByText('Vom Garten aus')).toBeVisible();
    await expect(photo.getByText('Hochgeladen von Klara Kundin am', { exact: false })).toBeVisible();
    const preview = photo.getByAltText('Ansicht Süd');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { message: 'preview loaded' }).toBe(true);
    // The plan's tile is the picture of its first page, rendered by the server; a click opens the viewer.
    await plan.scrollIntoViewIfNeeded();
    const planPicture = plan.getByAltText('PDF-Vorschau: Grundriss EG');
    await expect.poll(() => planPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { message: 'first page shown' }).toBe(480);
    await expect(plan.locator('object, iframe, embed')).toHaveCount(0);
    await expect(plan.getByRole('button', { name: 'Ansehen: Grundriss EG' })).toBeVisible();

    const photoLink = photo.getByRole('link', { name: 'Download: Ansicht Süd' });
    await expect(photoLink).toHaveAttribute('download', 'ansicht-sued.png');
    expect((await downloadedBytes(page, photoLink)).equals(png), 'the photo comes back byte for byte').toBe(true);
    const planLink = plan.getByRole('link', { name: 'Download: Grundriss EG' });
    expect((await downloadedBytes(page, planLink)).equals(pdf), 'the plan comes back byte for byte').toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), planLink.click()]);
    expect(download.suggestedFilename()).toBe('grundriss.pdf');

    // The full image opens in the plan viewer (e2e/plan-viewer.spec.ts tries it out).
    await photo.getByRole('button', { name: 'Ansehen: Ansicht Süd' }).click();
    const large = page.getByRole('dialog', { name: 'Ansicht Süd' });
    await expect(large.getByAltText('Ansicht Süd')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(large).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await selectProjectInSession(page, projectId);
    await page.goto('/projectOverview');
    const architectFiles = cardOf(page, 'Projektdateien');
    await expect(architectFiles.getByRole('article')).toHaveCount(2);
    await expect(architectFiles.getByRole('article', { name: 'Ansicht Süd' }).getByAltText('Ansicht Süd')).toBeVisible();
    await architectFiles.getByRole('article', { name: 'Grundriss EG' }).scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);

    const planHref = await architectFiles.getByRole('link', { name: 'Download: Grundriss EG' }).getAttribute('href');
    await architectFiles.getByRole('button', { name: 'Löschen: Grundriss EG' }).click();
    const question = page.getByRole('alertdialog', { name: 'Soll die Datei "Grundriss EG" gelöscht werden?' });
    await question.getByRole('button', { name: 'Löschen' }).click();
    await expect(architectFiles.getByRole('article', { name: 'Grundriss EG' })).toHaveCount(0);
    await expect(architectFiles.getByRole('article')).toHaveCount(1);
    expect(planHref).toBeTruthy();
    expect((await page.request.get(planHref ?? '')).status(), 'the deleted file is no longer served').not.toBe(200);

    await page.reload();
    await expect(cardOf(page, 'Projektdateien').getByRole('article', { name: 'Ansicht Süd' })).toBeVisible();
    await expect(cardOf(page, 'Projektdateien').getByRole('article')).toHaveCount(1);
  });

  test('refuses a wrong extension in the browser and a renamed text file on the server', async ({ page, request }) => {
    const { client, projectName } = await seedClientProject(request);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    const files = await openProjectFromDashboard(page, projectName);
    await expect(files.getByText('Noch keine Dateien vorhanden.')).toBeVisible();

    const dialog = await openUpload(page);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('Notizen') });
    await expect(dialog.getByRole('alert')).toHaveText('Ungültige Dateiendung. Erlaubt sind: JPG, JPEG, PNG und PDF.');
    // Sent anyway, the form says the same once: not 'Bitte wählen Sie eine Datei.', not the sentence for an empty form.
    await dialog.getByLabel('Titel', { exact: true }).fill('Notizen');
    await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Datei hierher ziehen oder klicken, um sie auszuwählen' })).toBeFocused();
    await expect(dialog.getByRole('alert')).toHaveText(['Ungültige Dateiendung. Erlaubt sind: JPG, JPEG, PNG und PDF.']);

    await choose(dialog, { name: 'plan.png', mimeType: 'image/png', buffer: Buffer.from('Das ist kein Bild, nur Text.\n') });
    await dialog.getByLabel('Titel', { exact: true }).fill('Kein Bild');
    await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.');
    await expect(dialog.getByRole('button', { name: 'Hochladen', exact: true })).toBeEnabled();

    // The chosen file and its title would be lost: closing asks first.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(files.getByText('Noch keine Dateien vorhanden.')).toBeVisible();
  });

  test('a file chosen after a refused one starts clean: its own title, no refusal', async ({ page, request }) => {
    const { client, projectName } = await seedClientProject(request);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    const files = await openProjectFromDashboard(page, projectName);
    const dialog = await openUpload(page);
    const title = dialog.getByLabel('Titel', { exact: true });

    // A name that reads as a PDF but is an .exe reversed is refused on choosing.
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'Rechnung\u202Efdp.exe.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(dialog.getByRole('alert')).toHaveText('Der Dateiname enthält unzulässige Zeichen (z. B. Steuerzeichen). Bitte benennen Sie die Datei um.');

    await choose(dialog, { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Das ist kein PDF, nur Text.\n') });
    await expect(title).toHaveValue('fake');
    await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.');

    await choose(dialog, { name: 'Baustelle Juni.png', mimeType: 'image/png', buffer: png });
    await expect(title).toHaveValue('Baustelle Juni');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(files.getByRole('article', { name: 'Baustelle Juni' })).toBeVisible();
    await expect(files.getByRole('article')).toHaveCount(1);
  });

  test('a 50 MB plan dropped onto the modal uploads with progress, shows its first page in the architect\'s tile, on a phone too, and opens in the viewer', async ({ page, request }) => {
    test.setTimeout(180_000);
    const parts = onePagePdfParts('Bestandsplan', mebibytes(50));
    const { architect, client, projectId, projectName } = await seedClientProject(request);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await openProjectFromDashboard(page, projectName);

    const dialog = await openUpload(page);
    await dropPdf(dialog, 'Bestandsplan 1960.pdf', parts);
    await expect(dialog.getByText('Ausgewählt: Bestandsplan 1960.pdf (50 MB)')).toBeVisible();
    await expect(dialog.getByLabel('Titel', { exact: true }), 'the title starts from the file name').not.toHaveValue('');
    await dialog.getByLabel('Titel', { exact: true }).fill('Bestandsplan 1960');
    await recordUploadProgress(page);
    await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
    await expect(dialog).toHaveCount(0, { timeout: 60_000 });
    const seen = await uploadProgressSeen(page);
    expect(seen, 'the bar reached 100 %').toContain('100');
    expect(seen.some((value) => Number(value) > 0 && Number(value) < 100), `the bar moved through the upload (${seen.join(', ')})`).toBe(true);
    await expect(cardOf(page, 'Projektdateien').getByRole('article', { name: 'Bestandsplan 1960' }).getByText('PDF · 50 MB')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    // The logout ends in a full load of /login; going there before it lands interrupts it.
    await expect(page).toHaveURL(/\/login$/);
    await page.waitForLoadState('load');
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await selectProjectInSession(page, projectId);
    await page.goto('/projectOverview');
    const plan = cardOf(page, 'Projektdateien').getByRole('article', { name: 'Bestandsplan 1960' });
    await plan.scrollIntoViewIfNeeded();
    // The tile shows the server's picture of the first page: the 50 MB are not downloaded to draw it.
    const picture = plan.getByAltText('PDF-Vorschau: Bestandsplan 1960');
    const shown = () => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth);
    // The first page is rendered after the upload has answered, at idle priority: the tile says
    // 'Vorschau wird erstellt …' until the live channel announces it, later than usual on a busy machine.
    await expect(picture).toBeVisible({ timeout: 60_000 });
    await expect.poll(shown, { message: 'first page shown' }).toBe(480);
    await page.setViewportSize({ width: 375, height: 800 });
    await plan.scrollIntoViewIfNeeded();
    await expect(picture).toBeVisible();
    await expect.poll(shown, { message: 'first page shown on a phone' }).toBe(480);
    await plan.getByRole('button', { name: 'Ansehen: Bestandsplan 1960' }).click();
    const viewer = page.getByRole('dialog', { name: 'Bestandsplan 1960' });
    await expect(viewer.getByRole('link', { name: 'Original herunterladen' })).toHaveAttribute('download', 'Bestandsplan 1960.pdf');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);

    // Page by page: a range request answers with just those bytes.
    const href = await plan.getByRole('link', { name: 'Download: Bestandsplan 1960' }).getAttribute('href');
    const firstKilobyte = await page.request.get(href ?? '', { headers: { range: 'bytes=0-1023' } });
    expect(firstKilobyte.status()).toBe(206);
    expect(Buffer.from(await firstKilobyte.body()).equals(pdfBytes(parts).subarray(0, 1024))).toBe(true);
  });

  test('a plan over the size limit is refused with the limit named, and nothing is listed', async ({ page, request }) => {
    const { client, projectName } = await seedClientProject(request);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    const files = await openProjectFromDashboard(page, projectName);

    const dialog = await openUpload(page);
    await dropPdf(dialog, 'zu-gross.pdf', onePagePdfParts('Zu groß', mebibytes(101)));
    await dialog.getByLabel('Titel', { exact: true }).fill('Zu groß');
    await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Die Datei ist zu groß. Erlaubt sind höchstens 100 MB.');
    await expect(dialog.getByRole('button', { name: 'Hochladen', exact: true })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
    await expect(files.getByText('Noch keine Dateien vorhanden.')).toBeVisible();
  });
});
