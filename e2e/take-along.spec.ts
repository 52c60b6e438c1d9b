import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newProfileDir, openBrowserProfile, removeProfileDir } from './support/browser-profile';
import { showPins } from './support/plan-viewer';
import { cardOf } from './support/portal';
import { answerQuestionnaireViaApi, seedClientProject } from './support/questionnaire-seed';
import { multiPagePdf } from './support/sample-files';
import { apiToken } from './support/accounts';

const sizes = [
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a desktop', viewport: { width: 1280, height: 800 } },
] as const;
// What is kept opens at once; a busy test machine gets some room beyond that second.
const atOnce = { timeout: 5_000 };

/** The architect uploads a three-page plan, waits for its pages, and marks a spot on page 2. */
async function planWithPin(request: APIRequestContext, token: string, projectId: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const uploaded = await request.post('/api/s3/upload', {
    headers,
    multipart: { projectId: String(projectId), fileName: 'Grundriss OG', documentType: 'PDF', file: { name: 'grundriss-og.pdf', mimeType: 'application/pdf', buffer: multiPagePdf(3) } },
  });
  expect(uploaded.status(), 'plan uploaded').toBe(201);
  let fileId = 0;
  await expect
    .poll(
      async () => {
        const files = (await (await request.get(`/api/s3/project/${projectId}`, { headers })).json()) as Array<{ id: number; pageCount: number | null }>;
        fileId = files[0]?.id ?? 0;
        return files[0]?.pageCount ?? 0;
      },
      { message: 'the plan’s pages are made', timeout: 60_000 },
    )
    .toBe(3);
  const pin = await request.post(`/api/s3/project/${projectId}/files/${fileId}/pins`, { headers, data: { page: 2, x: 0.5, y: 0.5, comment: 'Riss in der Wand' } });
  expect(pin.status(), 'pin placed').toBe(201);
}

/** The architect writes to the client: three messages, of which the chat list brings the last one only. */
async function chatWithArchitect(request: APIRequestContext, token: string, architect: string, client: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/MessageManagment/createChat', { headers, data: { message: 'Bitte messen Sie den Keller aus.', senderUsername: architect, receiverUsername: client } });
  expect(created.status(), 'chat created').toBe(201);
  const { chatId } = (await created.json()) as { chatId: number };
  for (const message of ['Die Feuchte bitte fotografieren.', 'Danke, bis Montag.']) {
    const sent = await request.post('/api/MessageManagment', { headers, data: { message, senderUsername: architect, receiverUsername: client, chatId, isRead: false } });
    expect(sent.status(), 'message sent').toBe(201);
  }
  return chatId;
}

async function login(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(account.username);
  await page.getByLabel('Passwort').fill(account.password);
  await page.getByRole('checkbox', { name: 'Auf diesem Gerät angemeldet bleiben' }).check();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboardClient$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

test.describe('taking a project along to a site without signal', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const { name, viewport } of sizes) {
  test(`made available offline on ${name}, the project, its questionnaire, its chat and a plan never opened show from the device; a pin and a step changed there reach the server once online; removed again online`, async ({ request }) => {
    const seeded = await seedClientProject(request);
    await answerQuestionnaireViaApi(request, seeded.client, seeded.projectId);
    const architectToken = await apiToken(request, seeded.architect);
    await planWithPin(request, architectToken, seeded.projectId);
    const chatId = await chatWithArchitect(request, architectToken, seeded.architect.username, seeded.client.username);
    const dir = newProfileDir();
    const context = await openBrowserProfile(dir, viewport);
    let page = await context.newPage();
    await login(page, seeded.client);

    if (name === 'a phone') {
      // From the dashboard's project list, as one would at home before leaving for the site.
      const projects = cardOf(page, 'Projektübersicht');
      await projects.getByRole('button', { name: 'Offline verfügbar machen', description: seeded.projectName }).click();
      await expect(projects.getByText(/^Offline verfügbar · Stand \d{2}:\d{2}$/)).toBeVisible({ timeout: 60_000 });
      await page.goto(`/projectOverview?projectId=${seeded.projectId}`);
      await expect(cardOf(page, 'Offline verfügbar').getByText(/^Offline verfügbar · Stand \d{2}:\d{2}$/)).toBeVisible();
    } else {
      await page.goto(`/projectOverview?projectId=${seeded.projectId}`);
      const card = cardOf(page, 'Offline verfügbar');
      await card.getByRole('button', { name: 'Offline verfügbar machen' }).click();
      await expect(card.getByText(/^Offline verfügbar · Stand \d{2}:\d{2}$/)).toBeVisible({ timeout: 60_000 });
      await expect(card.getByText(/^Belegt auf diesem Gerät: [\d,]+ (kB|MB)$/)).toBeVisible();
      await expect(card.getByText(/^Speicher dieses Browsers: /)).toBeVisible();
      await expect(card.getByRole('progressbar')).toHaveCount(0);
    }

    // On site, in the cellar: every page closed, no connection, the app opened again.
    for (const open of context.pages()) await open.close();
    await context.setOffline(true);
    page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await expect(page.getByText(seeded.projectName).first()).toBeVisible(atOnce);

    await page.goto(`/projectOverview?projectId=${seeded.projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: seeded.projectName })).toBeVisible(atOnce);
    await expect(cardOf(page, 'Offline verfügbar').getByText(/^Offline verfügbar · Stand/)).toBeVisible();

    // A plan never opened: page 2, zoomed in, with its pin.
    await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss OG' }).click();
    const viewer = page.getByRole('dialog', { name: 'Grundriss OG' });
    await viewer.getByRole('button', { name: 'Nächste Seite' }).click();
    await expect(viewer.getByText('Seite 2 von 3')).toBeVisible();
    const pageImage = viewer.getByAltText(/Grundriss OG/).first();
    await expect.poll(() => pageImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), atOnce).toBe(true);
    await viewer.getByRole('button', { name: 'Vergrößern' }).click();
    await expect(viewer.getByText(/nicht gespeichert/)).toHaveCount(0);
    await expect.poll(() => pageImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await showPins(viewer);
    await expect(viewer.getByText('Riss in der Wand')).toBeVisible(atOnce);

    // Still offline: a spot marked on page 2 waits on the device.
    await viewer.getByRole('button', { name: 'Markierung setzen' }).click();
    const layer = viewer.locator('[data-pin-layer]');
    const box = await layer.boundingBox();
    if (!box) throw new Error('the page is not laid out');
    await layer.click({ position: { x: box.width * 0.3, y: box.height * 0.4 } });
    const form = viewer.getByRole('form', { name: 'Markierung 2', exact: true });
    await form.getByLabel(/Was ist an dieser Stelle/).fill('Feuchte Ecke im Keller');
    await form.getByRole('button', { name: 'Markierung speichern' }).click();
    await expect(form).toHaveCount(0);
    await expect(viewer.getByRole('listitem').filter({ hasText: 'Feuchte Ecke im Keller' }).getByText('Wartet auf Verbindung')).toBeVisible();
    await page.keyboard.press('Escape');

    // The chat with the architect, with its latest messages, not only the last one the list brings.
    await page.goto(`/dashboardClient?chat=${chatId}`);
    const chat = page.getByRole('dialog', { name: 'Chat Übersicht' });
    await expect(chat.getByRole('log').getByText('Bitte messen Sie den Keller aus.')).toBeVisible(atOnce);
    await expect(chat.getByRole('log').getByText('Danke, bis Montag.')).toBeVisible();
    await page.keyboard.press('Escape');

    // Step 3 of the questionnaire with its answers, changed offline too.
    await page.goto('/windows');
    const windowYear = page.getByLabel('Baujahr der Fenster', { exact: true });
    await expect(windowYear).toHaveValue('1990', atOnce);
    await windowYear.fill('1992');
    await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
    await expect(page).toHaveURL(/\/heating$/);

    // Back online: both changes reach the server by themselves, nothing lost.
    await context.setOffline(false);
    const headers = { authorization: `Bearer ${await apiToken(request, seeded.client)}` };
    await expect
      .poll(async () => ((await (await request.get(`/api/windows/${seeded.projectId}`, { headers })).json()) as { windowConstructionYear?: number }).windowConstructionYear, { timeout: 30_000 })
      .toBe(1992);
    await expect
      .poll(
        async () => {
          const [plan] = (await (await request.get(`/api/s3/project/${seeded.projectId}`, { headers })).json()) as Array<{ id: number }>;
          const pins = (await (await request.get(`/api/s3/project/${seeded.projectId}/files/${plan!.id}/pins`, { headers })).json()) as Array<{ page: number; comment: string }>;
          return pins.map((pin) => `${pin.page}: ${pin.comment}`).sort();
        },
        { timeout: 30_000 },
      )
      .toEqual(['2: Feuchte Ecke im Keller', '2: Riss in der Wand']);

    // The project's offline data removed.
    await page.goto(`/projectOverview?projectId=${seeded.projectId}`);
    const online = cardOf(page, 'Offline verfügbar');
    await online.getByRole('button', { name: 'Offline-Daten entfernen' }).click();
    await expect(online.getByRole('button', { name: 'Offline verfügbar machen' })).toBeVisible();
    await expect(online.getByText(/^Offline verfügbar · Stand/)).toHaveCount(0);
    await context.close();
    removeProfileDir(dir);
  });
  }
});
