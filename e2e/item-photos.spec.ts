import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { showPins } from './support/plan-viewer';
import { twoByTwoPng } from './support/sample-files';
import { apiToken } from './support/accounts';

const png = twoByTwoPng();
const comment = 'Riss im Putz';
const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
  return context.newPage();
}

/** The architect's plan with item 1 on it, the client responsible for it (as the viewer's forms send them). */
async function planWithItem(request: APIRequestContext, token: string, projectId: number, client: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const uploaded = await request.post('/api/s3/upload', {
    headers,
    multipart: { projectId: String(projectId), fileName: 'Grundriss OG', documentType: 'PNG', file: { name: 'grundriss-og.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), 'plan uploaded').toBe(201);
  const planId = ((await uploaded.json()) as { id: number }).id;
  const placed = await request.post(`/api/s3/project/${projectId}/files/${planId}/pins`, { headers, data: { page: 1, x: 0.4, y: 0.4, comment, kind: 'MANGEL' } });
  expect(placed.status(), 'pin placed').toBe(201);
  const pin = (await placed.json()) as { id: number; version: number };
  const assigned = await request.put(`/api/s3/pins/${pin.id}/item`, { headers, data: { kind: 'MANGEL', responsible: client, dueDate: null, version: pin.version } });
  expect(assigned.status(), 'item assigned').toBe(200);
}

async function openPlan(page: Page): Promise<Locator> {
  await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss OG' }).click();
  const viewer = page.getByRole('dialog', { name: 'Grundriss OG' });
  await showPins(viewer);
  return viewer;
}

const entryOf = (viewer: Locator) => viewer.getByRole('listitem').filter({ has: viewer.page().getByRole('button', { name: new RegExp(`^Markierung 1: ${comment}`) }) });
const replyPhotos = ['Foto 1 zur Antwort von Klara Kundin', 'Foto 2 zur Antwort von Klara Kundin'];

/** 'Projektdateien' lists the plan only: the photos belong to the item. */
async function expectPlansOnly(page: Page): Promise<void> {
  const files = cardOf(page, 'Projektdateien');
  await expect(files.getByRole('button', { name: 'Ansehen: Grundriss OG' })).toBeVisible();
  await expect(files.getByText(/Foto zur Antwort/)).toHaveCount(0);
}

test.describe('photos of open items', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const size of sizes) {
    test(`${size.name}: the client answers an item with two photos and sets 'Erledigt'; the architect sees both photos, never among the plans`, async ({ browser, request }) => {
      const { architect, client, projectId } = await seedClientProject(request);
      await planWithItem(request, await apiToken(request, architect), projectId, client.username);

      const home = await newPage(browser, size.viewport);
      await loginAsClientWithProject(home, client, projectId);
      await home.goto('/projectOverview');
      const clientView = await openPlan(home);
      const clientEntry = entryOf(clientView);
      await clientEntry.getByRole('button', { name: new RegExp(`^Markierung 1: ${comment}`) }).click();
      const reply = clientView.getByRole('form', { name: 'Antwort, Markierung 1' });
      await reply.getByLabel(/Antwort/).fill('Ist ausgebessert, vorher und nachher.');
      const photos = reply.locator('input[type="file"]');
      await expect(photos).toHaveAttribute('accept', 'image/*');
      await expect(photos).toHaveAttribute('capture', 'environment');
      await photos.setInputFiles([
        { name: 'vorher.png', mimeType: 'image/png', buffer: png },
        { name: 'nachher.png', mimeType: 'image/png', buffer: png },
      ]);
      await expect(reply.getByRole('list', { name: 'Gewählte Fotos' }).getByRole('listitem')).toHaveCount(2);
      await reply.getByRole('button', { name: 'Antworten' }).click();
      await expect(reply.getByLabel(/Antwort/)).toHaveValue('');
      for (const name of replyPhotos) await expect(clientEntry.getByRole('link', { name })).toBeVisible();
      await expectNoSeriousA11yViolations(home);
      await clientEntry.getByRole('button', { name: 'Markierung 1: Erledigt' }).click();
      await expect(clientView.getByText('Markierung 1 ist jetzt „Erledigt“.')).toBeVisible();

      const office = await newPage(browser, size.viewport);
      await loginAs(office, architect.username, architect.password);
      await expect(office).toHaveURL(/\/dashboard$/);
      await selectProjectInSession(office, projectId);
      await office.goto('/projectOverview');
      await expectPlansOnly(office);
      const card = cardOf(office, 'Fotos');
      await expect(card.getByText('2 Fotos')).toBeVisible();
      await expect(card.getByText('Antwort zu Markierung 1 · Grundriss OG')).toHaveCount(2);
      await expectNoSeriousA11yViolations(office);
      await card.getByRole('button', { name: 'Markierung 1 auf Grundriss OG öffnen' }).first().click();
      const architectView = office.getByRole('dialog', { name: 'Grundriss OG' });
      await showPins(architectView);
      const architectEntry = entryOf(architectView);
      for (const name of replyPhotos) await expect(architectEntry.getByRole('link', { name })).toBeVisible();
      await expect(architectEntry.getByText('Ist ausgebessert, vorher und nachher.')).toBeVisible();
      await expect(architectEntry.getByRole('button', { name: 'Markierung 1: Erledigt' })).toHaveAttribute('aria-pressed', 'true');

      // The client's overview, read again, keeps the photos out of the plans too.
      await home.goto('/projectOverview');
      await expectPlansOnly(home);
      await expect(cardOf(home, 'Fotos').getByText('2 Fotos')).toBeVisible();

      await office.context().close();
      await home.context().close();
    });
  }
});
