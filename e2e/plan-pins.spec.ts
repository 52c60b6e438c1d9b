import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { showPins } from './support/plan-viewer';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { multiPagePdf, twoByTwoPng } from './support/sample-files';
import { apiToken } from './support/accounts';

const png = twoByTwoPng();
const desktop = { width: 1366, height: 768 };
const phone = { width: 375, height: 667 };

/** The architect uploads the plan through the API, as the upload modal sends it. */
async function uploadPlan(request: APIRequestContext, token: string, projectId: number): Promise<void> {
  const uploaded = await request.post('/api/s3/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { projectId: String(projectId), fileName: 'Grundriss OG', documentType: 'PNG', file: { name: 'grundriss-og.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), 'plan uploaded').toBe(201);
}

async function openPlan(page: Page): Promise<Locator> {
  await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss OG' }).click();
  const viewer = page.getByRole('dialog', { name: 'Grundriss OG' });
  await showPins(viewer);
  await expect.poll(() => viewer.getByAltText('Grundriss OG').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  return viewer;
}

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
  return context.newPage();
}

test.describe('pins on a plan', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the client marks a spot on a phone with a comment and a photo; the architect sees it live at the desktop, and the export names it', async ({ browser, request }) => {
    const { architect, client, projectId } = await seedClientProject(request);
    const architectToken = await apiToken(request, architect);
    await uploadPlan(request, architectToken, projectId);

    const desk = await newPage(browser, desktop);
    await loginAs(desk, architect.username, architect.password);
    await expect(desk).toHaveURL(/\/dashboard$/);
    await selectProjectInSession(desk, projectId);
    await desk.goto('/projectOverview');
    const architectViewer = await openPlan(desk);
    await expect(architectViewer.getByText('Noch keine Markierungen auf diesem Plan.')).toBeVisible();

    const mobile = await newPage(browser, phone);
    await loginAsClientWithProject(mobile, client, projectId);
    await mobile.goto('/projectOverview');
    const clientViewer = await openPlan(mobile);
    await clientViewer.getByRole('button', { name: 'Markierung setzen' }).click();
    await expect(clientViewer.getByText('Tippen Sie auf die Stelle im Plan.')).toBeVisible();
    const layer = clientViewer.locator('[data-pin-layer]');
    const box = await layer.boundingBox();
    if (!box) throw new Error('the page is not laid out');
    await layer.click({ position: { x: box.width * 0.3, y: box.height * 0.6 } });

    const form = clientViewer.getByRole('form', { name: 'Markierung 1', exact: true });
    await form.getByLabel(/Was ist an dieser Stelle/).fill('Riss links vom Fenster');
    await form.locator('input[type="file"]').setInputFiles({ name: 'riss.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('button', { name: 'Markierung speichern' }).click();
    await expect(form).toHaveCount(0);
    await expect(clientViewer.getByRole('button', { name: 'Markierung 1: Riss links vom Fenster', exact: true })).toBeVisible();
    await expect(clientViewer.getByRole('img', { name: 'Foto zu Markierung 1' })).toBeVisible();
    await expectNoSeriousA11yViolations(mobile);

    // Live at the architect's desk, without a reload; only the author may change it.
    const marker = architectViewer.getByRole('button', { name: 'Markierung 1: Riss links vom Fenster', exact: true });
    await expect(marker).toBeVisible();
    const placed = await marker.boundingBox();
    const page = await architectViewer.locator('[data-pin-layer]').boundingBox();
    if (!placed || !page) throw new Error('marker not laid out');
    expect((placed.x + placed.width / 2 - page.x) / page.width).toBeCloseTo(0.3, 1);
    expect((placed.y + placed.height / 2 - page.y) / page.height).toBeCloseTo(0.6, 1);
    await expect(architectViewer.getByRole('listitem').filter({ hasText: 'Riss links vom Fenster' }).getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);

    const exported = await request.get(`/api/export/json/${projectId}`, { headers: { authorization: `Bearer ${architectToken}` } });
    const document = (await exported.json()) as { files: Array<{ name: string; pins: Array<{ comment: string; photo: string | null }> }> };
    expect(document.files.find((file) => file.name === 'Grundriss OG')?.pins).toEqual([
      expect.objectContaining({ comment: 'Riss links vom Fenster', photo: 'Foto zu Markierung 1 – Grundriss OG' }),
    ]);

    await desk.context().close();
    await mobile.context().close();
  });

  test("the plans do not move when the architect's questionnaire card comes after the page: a tap aimed at a plan opens it", async ({ browser, request }) => {
    const { architect, projectId } = await seedClientProject(request);
    await uploadPlan(request, await apiToken(request, architect), projectId);
    const desk = await newPage(browser, desktop);
    // The card's code held back, as on a slow connection.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await desk.route(/\/assets\/questionnaire-answers-card-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await loginAs(desk, architect.username, architect.password);
    await expect(desk).toHaveURL(/\/dashboard$/);
    await selectProjectInSession(desk, projectId);
    await desk.goto('/projectOverview');
    const questionnaire = cardOf(desk, 'Fragebogen');
    await expect(questionnaire.getByRole('status')).toBeVisible();
    const tile = cardOf(desk, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss OG' });
    const before = await tile.boundingBox();
    release();
    await expect(questionnaire.getByText('Die Kundin bzw. der Kunde hat bisher keine Frage mit „Weiß ich nicht“ beantwortet.')).toBeVisible();
    const after = await tile.boundingBox();
    // The card's answer may be a line shorter or longer than its loading line; the card itself takes no new room.
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0)), 'the plan moved when the card came').toBeLessThan((before?.height ?? 0) / 10);
    await tile.click();
    await expect(desk.getByRole('dialog', { name: 'Grundriss OG' })).toBeVisible();
    await desk.context().close();
  });

  test('a PDF plan pages and zooms in the viewer, and a pin placed on page 2 stays on page 2', async ({ browser, request }) => {
    const { architect, projectId } = await seedClientProject(request);
    const token = await apiToken(request, architect);
    const uploaded = await request.post('/api/s3/upload', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { projectId: String(projectId), fileName: 'Grundriss OG', documentType: 'PDF', file: { name: 'grundriss-og.pdf', mimeType: 'application/pdf', buffer: multiPagePdf(2) } },
    });
    expect(uploaded.status(), 'plan uploaded').toBe(201);
    // Its pages are counted with its first page, made after the upload's answer.
    const planId = ((await uploaded.json()) as { id: number }).id;
    const pagesOf = async () => {
      const files = (await (await request.get(`/api/s3/project/${projectId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ id: number; pageCount: number | null }>;
      return files.find((file) => file.id === planId)?.pageCount;
    };
    await expect.poll(pagesOf, { timeout: 30_000 }).toBe(2);

    const desk = await newPage(browser, desktop);
    await loginAs(desk, architect.username, architect.password);
    await expect(desk).toHaveURL(/\/dashboard$/);
    await selectProjectInSession(desk, projectId);
    await desk.goto('/projectOverview');
    await cardOf(desk, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss OG' }).click();
    const viewer = desk.getByRole('dialog', { name: 'Grundriss OG' });
    await expect(viewer.getByText('Seite 1 von 2')).toBeVisible();
    const firstPage = viewer.getByAltText('Grundriss OG, Seite 1 von 2');
    await expect.poll(() => firstPage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    const zoom = viewer.getByRole('group', { name: 'Zoom' }).getByText(/ %$/);
    await viewer.getByRole('button', { name: 'Vergrößern' }).click();
    await expect(zoom).toHaveText('125 %');
    await desk.keyboard.press('+');
    await expect(zoom).toHaveText('156 %');
    await desk.keyboard.press('0');
    await expect(zoom).toHaveText('100 %');
    await viewer.getByRole('button', { name: 'Nächste Seite' }).click();
    await expect(viewer.getByText('Seite 2 von 2')).toBeVisible();
    const secondPage = viewer.getByAltText('Grundriss OG, Seite 2 von 2');
    await expect(secondPage).toHaveAttribute('src', /&page=2&width=\d+$/);
    await expect.poll(() => secondPage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    await viewer.getByRole('button', { name: 'Markierung setzen' }).click();
    const layer = viewer.locator('[data-pin-layer]');
    const box = await layer.boundingBox();
    if (!box) throw new Error('the page is not laid out');
    await layer.click({ position: { x: box.width / 2, y: box.height / 2 } });
    const form = viewer.getByRole('form', { name: 'Markierung 1', exact: true });
    await form.getByLabel(/Was ist an dieser Stelle/).fill('Zählerkasten');
    await form.getByRole('button', { name: 'Markierung speichern' }).click();
    await expect(viewer.getByRole('button', { name: 'Markierung 1: Zählerkasten', exact: true })).toBeVisible();

    // A drag that passes over the pin moves the plan: while it moves, a cover takes the pointer, so no pin is picked up.
    const pin = viewer.getByRole('button', { name: 'Markierung 1: Zählerkasten', exact: true });
    const centreOf = async () => {
      const pinBox = await pin.boundingBox();
      if (!pinBox) throw new Error('the pin is not on the page');
      return { x: pinBox.x + pinBox.width / 2, y: pinBox.y + pinBox.height / 2 };
    };
    const topAt = (point: { x: number; y: number }) =>
      desk.evaluate(({ x, y }) => {
        const hit = document.elementFromPoint(x, y);
        return hit?.closest('[data-plan-cover]') ? 'cover' : hit?.closest('[data-pin-layer] button') ? 'pin' : 'plan';
      }, point);
    // Zoomed in, so the page is larger than the stage and can be moved.
    await desk.keyboard.press('+');
    await desk.keyboard.press('+');
    await expect(zoom).toHaveText('156 %');
    const before = await centreOf();
    expect(await topAt(before)).toBe('pin');
    const selected = await pin.getAttribute('aria-pressed');
    await desk.mouse.move(before.x + 80, before.y + 80);
    await desk.mouse.down();
    await desk.mouse.move(before.x - 40, before.y - 40, { steps: 4 });
    const during = await centreOf();
    // The page moves with the pointer where it is larger than the stage (here at least upwards).
    expect(Math.abs(during.x - before.x) + Math.abs(during.y - before.y)).toBeGreaterThan(100);
    expect(await topAt(during)).toBe('cover');
    await desk.mouse.up();
    expect(await topAt(await centreOf())).toBe('pin');
    await expect(pin).toHaveAttribute('aria-pressed', selected ?? 'false');

    await viewer.getByRole('button', { name: 'Vorherige Seite' }).click();
    await expect(viewer.getByText('Seite 1 von 2')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Markierung 1: Zählerkasten', exact: true })).toHaveCount(0);
    await expect(viewer.getByText('Eine weitere Markierung auf anderen Seiten.')).toBeVisible();
    await desk.context().close();
  });
});
