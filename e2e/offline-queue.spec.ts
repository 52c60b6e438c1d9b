import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiToken, type TestAccount } from './support/accounts';
import { showPins } from './support/plan-viewer';
import { cardOf } from './support/portal';
import { expectNoSeriousA11yViolations, loginAs, withServiceWorker } from './support/fixtures';
import { twoByTwoPng } from './support/sample-files';
import { loginAsClientWithProject, seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { storedYear } from './support/stored-answers';

const savedOnDevice = 'Gespeichert auf diesem Gerät — wird übertragen, sobald Sie online sind';
const oneWaiting = (page: Page) => page.getByRole('button', { name: '1 Änderung wartet' });
const year = (page: Page) => page.getByLabel('Baujahr', { exact: true });

/** A person in a browser of their own, logged in, with the project chosen, on step 1. */
async function openGeneral(browser: Browser, account: TestAccount, projectId: number, client: boolean, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (client) await loginAsClientWithProject(page, account, projectId);
  else {
    await loginAs(page, account.username, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await selectProjectInSession(page, projectId);
  }
  await page.goto('/general');
  await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Informationen' })).toBeVisible();
  await expect(year(page)).toBeVisible();
  return page;
}

/** Offline: the client's step 1 with this Baujahr is saved on the device. */
async function saveYearOffline(page: Page, value: string): Promise<void> {
  await page.context().setOffline(true);
  await year(page).fill(value);
  await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
  await expect(page.getByText(savedOnDevice).first()).toBeVisible();
  await expect(page).toHaveURL(/\/storeys$/);
  await expect(oneWaiting(page)).toBeVisible();
}

/** A client's project with the architect's one-page plan 'Grundriss EG', and both accounts' API headers. */
async function projectWithPlan(request: APIRequestContext) {
  const seeded = await seedClientProject(request);
  const architectAuth = { authorization: `Bearer ${await apiToken(request, seeded.architect)}` };
  const clientAuth = { authorization: `Bearer ${await apiToken(request, seeded.client)}` };
  const uploaded = await request.post('/api/s3/upload', {
    headers: architectAuth,
    multipart: { projectId: String(seeded.projectId), fileName: 'Grundriss EG', documentType: 'PNG', file: { name: 'grundriss-eg.png', mimeType: 'image/png', buffer: twoByTwoPng() } },
  });
  expect(uploaded.status(), 'plan uploaded').toBe(201);
  const planId = ((await uploaded.json()) as { id: number }).id;
  return { ...seeded, architectAuth, clientAuth, planId, pinsPath: `/api/s3/project/${seeded.projectId}/files/${planId}/pins` };
}

test.use(withServiceWorker);

test.describe('changes made without a connection', () => {
  // Seeding waits for an invitation mail.
  test.describe.configure({ timeout: 180_000 });

  test('a step saved offline waits on the device, survives a reload and reaches the server once online', async ({ browser, request }) => {
    const { client, projectId } = await seedClientProject(request);
    const page = await openGeneral(browser, client, projectId, true);

    await saveYearOffline(page, '1962');
    // Back online: sent within seconds, the count goes.
    await page.context().setOffline(false);
    await expect(oneWaiting(page)).toHaveCount(0, { timeout: 15_000 });
    expect(await storedYear(request, client, projectId)).toBe(1962);

    // Saved offline again, then the page is reloaded before it could be sent: the item is still there.
    await page.goto('/general');
    await expect(year(page)).toHaveValue('1962');
    await saveYearOffline(page, '1970');
    await page.route('**/api/**', (route) => route.abort());
    await page.context().setOffline(false);
    await page.reload();
    await expect(oneWaiting(page)).toBeVisible();
    await oneWaiting(page).click();
    const list = page.getByRole('dialog', { name: 'Wartende Änderungen' });
    await expect(list.getByText('Fragebogen: Allgemeine Informationen')).toBeVisible();
    await expect(list.getByText('Wartet auf Verbindung')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await storedYear(request, client, projectId)).toBe(1962);

    // The server answers again: 'Jetzt übertragen' sends it.
    await page.unroute('**/api/**');
    await list.getByRole('button', { name: 'Jetzt übertragen' }).click();
    // The open list hides the header's count from the accessibility tree: the list going away says the change is sent.
    await expect(list).toHaveCount(0, { timeout: 15_000 });
    await expect(oneWaiting(page)).toHaveCount(0, { timeout: 15_000 });
    expect(await storedYear(request, client, projectId)).toBe(1970);
  });

  test('in the cellar: step 1 filled offline, the page reloaded offline, the answer reaches the server once online', async ({ browser, request }) => {
    const { client, projectId } = await seedClientProject(request);
    const page = await openGeneral(browser, client, projectId, true, { width: 375, height: 667 });
    // After one visit the app itself is on the device (its service worker controls the page).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect(year(page)).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page').toBe(true);

    await saveYearOffline(page, '1958');
    // Still without a connection, the page is loaded again: the app opens, the answer and the count are there.
    await page.reload();
    await expect(oneWaiting(page)).toBeVisible();
    await page.goto('/general');
    await expect(year(page)).toHaveValue('1958');
    expect(await storedYear(request, client, projectId)).toBeNull();

    // Signal again: sent within seconds, nothing waits any more.
    await page.context().setOffline(false);
    await expect(oneWaiting(page)).toHaveCount(0, { timeout: 15_000 });
    expect(await storedYear(request, client, projectId)).toBe(1958);
    await page.context().close();
  });

  test('a second tab of the same user counts the change made in the first, and sees it go', async ({ browser, request }) => {
    const { client, projectId } = await seedClientProject(request);
    const page = await openGeneral(browser, client, projectId, true);
    const second = await page.context().newPage();
    await loginAs(second, client.username, client.password);
    await expect(second).toHaveURL(/\/dashboardClient$/);
    // The second tab stands before the connection goes: its page's code has arrived.
    await expect(cardOf(second, 'Neusten Nachrichten')).toBeVisible();

    await saveYearOffline(page, '1975');
    await expect(oneWaiting(second)).toBeVisible();
    await page.context().setOffline(false);
    await expect(oneWaiting(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(oneWaiting(second)).toHaveCount(0);
    expect(await storedYear(request, client, projectId)).toBe(1975);
    await page.context().close();
  });

  test('a photo chosen offline on a phone waits, the header counts it, and it is uploaded once online', async ({ browser, request }) => {
    const { client, projectId, projectName } = await seedClientProject(request);
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await page.getByRole('button', { name: new RegExp(projectName) }).click();
    await expect(page).toHaveURL(/\/projectOverview$/);
    const files = cardOf(page, 'Projektdateien');
    await expect(files.getByText('Noch keine Dateien vorhanden.')).toBeVisible();

    // The modal's code comes with its first opening; loading it offline is the app shell's part, not this test's.
    await files.getByRole('button', { name: '+ Plan hochladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plan hochladen' });
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);

    await context.setOffline(true);
    await files.getByRole('button', { name: '+ Plan hochladen' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'keller-feuchte-wand.png', mimeType: 'image/png', buffer: twoByTwoPng() });
    await dialog.getByLabel('Titel', { exact: true }).fill('Feuchte Wand im Keller');
    await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(savedOnDevice).first()).toBeVisible();
    // At phone size the count stands in the header, in view.
    await expect(oneWaiting(page)).toBeInViewport();
    await oneWaiting(page).click();
    await expect(page.getByRole('dialog', { name: 'Wartende Änderungen' }).getByText('Datei: Feuchte Wand im Keller')).toBeVisible();
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect(oneWaiting(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(files.getByText('Feuchte Wand im Keller')).toBeVisible();
    const token = await apiToken(request, client);
    const listed = await request.get(`/api/s3/project/${projectId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(JSON.stringify(await listed.json())).toContain('Feuchte Wand im Keller');
  });

  test('a chat message written offline shows as waiting and is sent once online', async ({ browser, request }) => {
    const { architect, client } = await seedClientProject(request);
    const token = await apiToken(request, architect);
    await request.post('/api/MessageManagment/createChat', {
      data: { message: 'Hallo vom Büro', senderUsername: architect.username, receiverUsername: client.username },
      headers: { authorization: `Bearer ${token}` },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginAs(page, client.username, client.password);
    await cardOf(page, 'Neusten Nachrichten').getByText('Hallo vom Büro').click();
    const chat = page.getByRole('dialog', { name: 'Chat Übersicht' });
    await expect(chat.getByRole('log').getByText('Hallo vom Büro')).toBeVisible();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    const box = chat.getByRole('textbox', { name: 'Nachricht' });
    await box.fill('Im Keller ist die Wand feucht.');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(chat.getByRole('log').getByText('Im Keller ist die Wand feucht.')).toBeVisible();
    await expect(chat.getByRole('log').getByText('Wartet auf Verbindung')).toBeVisible();
    // Behind the chat's dialog the header counts it too.
    await expect(page.getByText('1 Änderung wartet')).toBeAttached();

    await context.setOffline(false);
    await expect(chat.getByRole('log').getByText('Wartet auf Verbindung')).toHaveCount(0, { timeout: 15_000 });
    await expect(chat.getByRole('log').getByText('Im Keller ist die Wand feucht.')).toHaveCount(1);
    // The architect's list of conversations holds it: it reached the server.
    const messages = await request.get(`/api/MessageManagment/receiver/${architect.username}?messages=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(JSON.stringify(await messages.json())).toContain('Im Keller ist die Wand feucht.');
    await context.close();
  });

  test('a step the architect changed meanwhile is not overwritten: the client chooses in the conflict dialog', async ({ browser, request }) => {
    const { architect, client, projectId } = await seedClientProject(request);
    const clientPage = await openGeneral(browser, client, projectId, true);
    const architectPage = await openGeneral(browser, architect, projectId, false);

    await saveYearOffline(clientPage, '1958');
    await year(architectPage).fill('1965');
    await architectPage.getByRole('button', { name: 'Speichern und Weiter' }).click();
    await expect(architectPage).toHaveURL(/\/storeys$/);

    await clientPage.context().setOffline(false);
    await expect(clientPage.getByText(/wurde inzwischen von jemand anderem geändert\. Unter „Bearbeiten“/).first()).toBeVisible({ timeout: 15_000 });
    await oneWaiting(clientPage).click();
    const list = clientPage.getByRole('dialog', { name: 'Wartende Änderungen' });
    await expect(list.getByText(/Inzwischen von jemand anderem geändert/)).toBeVisible({ timeout: 15_000 });
    // Nothing was overwritten.
    expect(await storedYear(request, architect, projectId)).toBe(1965);

    await list.getByRole('button', { name: 'Bearbeiten' }).click();
    await expect(clientPage).toHaveURL(/\/general$/);
    const dialog = clientPage.getByRole('dialog', { name: 'Jemand anderes hat diesen Schritt geändert' });
    await expect(dialog).toBeVisible();
    const clash = dialog.getByRole('group', { name: 'Baujahr' });
    await expect(clash.getByRole('radio', { name: /übernehmen: 1965/ }).first()).toBeVisible();
    await clash.getByRole('radio', { name: 'Meine Antwort übernehmen: 1958' }).check();
    await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect(clientPage).toHaveURL(/\/storeys$/);
    await expect(oneWaiting(clientPage)).toHaveCount(0);
    expect(await storedYear(request, architect, projectId)).toBe(1958);
  });

  test('another user at the same browser sees nothing; logout asks, then clears the waiting change', async ({ browser, request }) => {
    const { architect, client, projectId } = await seedClientProject(request);
    const page = await openGeneral(browser, client, projectId, true);
    await saveYearOffline(page, '1949');
    // Online again, but the step's save finds no answer: the change keeps waiting.
    await page.route(`**/api/general/${projectId}`, (route) => (route.request().method() === 'PUT' ? route.abort() : route.continue()));
    await page.context().setOffline(false);
    await expect(oneWaiting(page)).toBeVisible();

    // The architect in another tab of the same browser (same IndexedDB): nothing of the client's.
    const other = await page.context().newPage();
    await loginAs(other, architect.username, architect.password);
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.getByRole('button', { name: /Änderung/ })).toHaveCount(0);
    await other.close();

    await page.getByRole('button', { name: 'Logout' }).click();
    const question = page.getByRole('alertdialog', { name: '1 Änderung wurde noch nicht übertragen. Wenn Sie sich jetzt abmelden, geht sie verloren.' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(oneWaiting(page)).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await question.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await expect(page.getByRole('button', { name: /Änderung/ })).toHaveCount(0);
    expect(await storedYear(request, client, projectId)).toBe(null);
  });

  test('a pin placed offline on a phone waits on the plan and in the header, and is placed with its photo once online', async ({ browser, request }) => {
    const { architect, client, projectId } = await seedClientProject(request);
    const token = await apiToken(request, architect);
    const plan = await request.post('/api/s3/upload', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { projectId: String(projectId), fileName: 'Grundriss EG', documentType: 'PNG', file: { name: 'grundriss-eg.png', mimeType: 'image/png', buffer: twoByTwoPng() } },
    });
    expect(plan.status(), 'plan uploaded').toBe(201);
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await loginAsClientWithProject(page, client, projectId);
    // The app is on the device once its service worker is active: the overview opened then is served by it, so the pin's form loads offline.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto('/projectOverview');
    await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss EG' }).click();
    const viewer = page.getByRole('dialog', { name: 'Grundriss EG' });
    await showPins(viewer);
    await expect(viewer.getByText('Noch keine Markierungen auf diesem Plan.')).toBeVisible();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await viewer.getByRole('button', { name: 'Markierung setzen' }).click();
    const layer = viewer.locator('[data-pin-layer]');
    const box = await layer.boundingBox();
    if (!box) throw new Error('the page is not laid out');
    await layer.click({ position: { x: box.width * 0.4, y: box.height * 0.5 } });
    const form = viewer.getByRole('form', { name: 'Markierung 1', exact: true });
    await form.getByLabel(/Was ist an dieser Stelle/).fill('Feuchter Fleck an der Wand');
    await form.locator('input[type="file"]').setInputFiles({ name: 'fleck.png', mimeType: 'image/png', buffer: twoByTwoPng() });
    await form.getByRole('button', { name: 'Markierung speichern' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByText(savedOnDevice).first()).toBeVisible();
    const waiting = viewer.getByRole('listitem').filter({ hasText: 'Feuchter Fleck an der Wand' });
    await expect(waiting.getByText('Wartet auf Verbindung')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await oneWaiting(page).click();
    const list = page.getByRole('dialog', { name: 'Wartende Änderungen' });
    await expect(list.getByText('Markierung auf „Grundriss EG“')).toBeVisible();
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect(oneWaiting(page)).toHaveCount(0, { timeout: 15_000 });
    await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss EG' }).click();
    await showPins(viewer);
    await expect(viewer.getByRole('button', { name: 'Markierung 1: Feuchter Fleck an der Wand', exact: true })).toBeVisible();
    await expect(viewer.getByText('Wartet auf Verbindung')).toHaveCount(0);
    await expect(viewer.getByRole('img', { name: 'Foto zu Markierung 1' })).toBeVisible();
    await context.close();
  });

  for (const { size, viewport } of [
    { size: 'phone', viewport: { width: 390, height: 844 } },
    { size: 'desktop', viewport: { width: 1280, height: 800 } },
  ]) {
    test(`pins moved, changed and deleted offline (${size}) wait on the plan and in the header and reach the server in order; one changed meanwhile is refused, its text kept`, async ({ browser, request }) => {
      const { client, projectId, architectAuth, clientAuth, pinsPath } = await projectWithPlan(request);
      type StoredPin = { id: number; number: number; x: number; y: number; comment: string; version: number };
      const placed: StoredPin[] = [];
      for (const [comment, spot] of [['Riss im Putz', 0.3], ['Steckdose fehlt', 0.6], ['Tür klemmt', 0.8]] as const) {
        const response = await request.post(pinsPath, { headers: clientAuth, data: { page: 1, x: spot, y: spot, comment } });
        expect(response.status(), `pin '${comment}' placed`).toBe(201);
        placed.push((await response.json()) as StoredPin);
      }

      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await loginAsClientWithProject(page, client, projectId);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.goto('/projectOverview');
      await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss EG' }).click();
      const viewer = page.getByRole('dialog', { name: 'Grundriss EG' });
      await showPins(viewer);
      await expect(viewer.getByRole('button', { name: 'Markierung 3: Tür klemmt', exact: true })).toBeVisible();
      // The pin form is loaded once while online, as the phone would have it from before.
      await page.waitForLoadState('networkidle');
      const entry = (comment: string) => viewer.getByRole('listitem').filter({ hasText: comment });

      await context.setOffline(true);
      // Pin 1: 'Verschieben', then a tap on its new spot.
      await entry('Riss im Putz').getByRole('button', { name: 'Markierung 1 verschieben' }).click();
      await expect(viewer.getByText('Tippen Sie auf die neue Stelle für Markierung 1.')).toBeVisible();
      const layer = viewer.locator('[data-pin-layer]');
      const box = await layer.boundingBox();
      if (!box) throw new Error('the page is not laid out');
      await layer.click({ position: { x: box.width * 0.7, y: box.height * 0.2 } });
      await expect(page.getByText(savedOnDevice).first()).toBeVisible();
      await showPins(viewer);
      // ... then its comment.
      await entry('Riss im Putz').getByRole('button', { name: 'Bearbeiten' }).click();
      const form = viewer.getByRole('form', { name: 'Markierung 1', exact: true });
      await form.getByLabel(/Was ist an dieser Stelle/).fill('Riss bis zur Decke');
      await form.getByRole('button', { name: 'Änderung speichern' }).click();
      await expect(form).toHaveCount(0);
      await expect(entry('Riss bis zur Decke').getByText('Geändert auf diesem Gerät · Wartet auf Verbindung')).toBeVisible();
      // Pin 2 deleted.
      await entry('Steckdose fehlt').getByRole('button', { name: 'Löschen' }).click();
      await page.getByRole('alertdialog', { name: 'Soll Markierung 2 gelöscht werden?' }).getByRole('button', { name: 'Löschen' }).click();
      await expect(entry('Steckdose fehlt').getByText('Gelöscht auf diesem Gerät · Wartet auf Verbindung')).toBeVisible();
      // Pin 3's comment changed here, and meanwhile on another device of the same person.
      await entry('Tür klemmt').getByRole('button', { name: 'Bearbeiten' }).click();
      const third = viewer.getByRole('form', { name: 'Markierung 3', exact: true });
      await third.getByLabel(/Was ist an dieser Stelle/).fill('Tür klemmt unten am Boden');
      await third.getByRole('button', { name: 'Änderung speichern' }).click();
      await expect(third).toHaveCount(0);
      const elsewhere = await request.put(`/api/s3/pins/${placed[2]!.id}`, { headers: clientAuth, data: { x: 0.8, y: 0.8, comment: 'Tür klemmt, Schloss getauscht', photoFileId: null, version: 1 } });
      expect(elsewhere.status(), 'changed on the other device').toBe(200);

      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
      await page.getByRole('button', { name: '3 Änderungen warten' }).click();
      const list = page.getByRole('dialog', { name: 'Wartende Änderungen' });
      await expect(list.getByText('Punkt 1 auf „Grundriss EG“ geändert: Riss bis zur Decke')).toBeVisible();
      await expect(list.getByText('Punkt 2 auf „Grundriss EG“ löschen')).toBeVisible();
      await expect(list.getByText('Punkt 3 auf „Grundriss EG“ geändert: Tür klemmt unten am Boden')).toBeVisible();
      await page.keyboard.press('Escape');

      await context.setOffline(false);
      // Two went; the one changed meanwhile stays, refused, with the German reason and the typed text.
      await expect(oneWaiting(page)).toBeVisible({ timeout: 15_000 });
      const stored = (await (await request.get(pinsPath, { headers: architectAuth })).json()) as StoredPin[];
      expect(stored.map(({ number, comment }) => [number, comment])).toEqual([
        [1, 'Riss bis zur Decke'],
        [3, 'Tür klemmt, Schloss getauscht'],
      ]);
      expect(stored[0]!.x).toBeCloseTo(0.7, 1);
      expect(stored[0]!.y).toBeCloseTo(0.2, 1);
      await oneWaiting(page).click();
      await expect(list.getByText('Abgelehnt', { exact: true })).toBeVisible();
      await expect(list.getByText(/wurde inzwischen auf einem anderen Gerät oder von jemand anderem geändert/)).toBeVisible();
      await expect(list.getByText('Punkt 3 auf „Grundriss EG“ geändert: Tür klemmt unten am Boden')).toBeVisible();
      await page.keyboard.press('Escape');
      await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss EG' }).click();
      await showPins(viewer);
      await expect(entry('Tür klemmt, Schloss getauscht').getByText('Ihre Änderung wurde nicht übertragen')).toBeVisible();
      await expect(entry('Tür klemmt, Schloss getauscht').getByText('Ihr Text: Tür klemmt unten am Boden')).toBeVisible();
      await expect(viewer.getByText('Steckdose fehlt')).toHaveCount(0);
      await context.close();
    });
  }
  for (const { size, viewport } of [
    { size: 'phone', viewport: { width: 390, height: 844 } },
    { size: 'desktop', viewport: { width: 1280, height: 800 } },
  ]) {
    test(`an architect offline (${size}) assigns an item to the client with a due date and replies with a photo; online both reach the server, in order`, async ({ browser, request }) => {
      const { architect, client, projectId, architectAuth, clientAuth, pinsPath } = await projectWithPlan(request);
      const placed = await request.post(pinsPath, { headers: clientAuth, data: { page: 1, x: 0.4, y: 0.4, comment: 'Fliesen lose im Bad' } });
      expect(placed.status(), 'pin placed').toBe(201);
      const due = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString().slice(0, 10);
      const dueText = due.split('-').reverse().join('.');

      const context = await browser.newContext({ viewport, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
      const page = await context.newPage();
      await loginAs(page, architect.username, architect.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await selectProjectInSession(page, projectId);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.goto('/projectOverview');
      const openPlan = async () => {
        await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss EG' }).click();
        const opened = page.getByRole('dialog', { name: 'Grundriss EG' });
        await showPins(opened);
        return opened;
      };
      const viewer = await openPlan();
      const entry = viewer.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Markierung 1: Fliesen lose im Bad/ }) });
      // The assignment's form, with the project's people, and the item's reply form were opened once while online, as on a phone used before.
      await entry.getByRole('button', { name: 'Markierung 1 zuordnen' }).click();
      const assign = viewer.getByRole('form', { name: 'Markierung 1 zuordnen' });
      await expect(assign.getByRole('option', { name: 'Klara Kundin (Kunde/Kundin)' })).toBeAttached();
      await assign.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(assign).toHaveCount(0);
      await entry.getByRole('button', { name: /^Markierung 1: Fliesen lose im Bad/ }).click();
      const reply = viewer.getByRole('form', { name: 'Antwort, Markierung 1' });
      await expect(reply).toBeVisible();
      await page.waitForLoadState('networkidle');

      await context.setOffline(true);
      await entry.getByRole('button', { name: 'Markierung 1 zuordnen' }).click();
      await assign.getByLabel('Zuständig').selectOption({ label: 'Klara Kundin (Kunde/Kundin)' });
      await assign.getByLabel('Fällig am').fill(due);
      await assign.getByRole('button', { name: 'Zuordnung speichern' }).click();
      await expect(assign).toHaveCount(0);
      await expect(page.getByText(savedOnDevice).first()).toBeVisible();
      // The pin shows the new assignment at once, marked as waiting.
      await expect(entry.getByText('Zuordnung geändert auf diesem Gerät · Wartet auf Verbindung')).toBeVisible();
      await expect(entry.getByText('Klara Kundin', { exact: true })).toBeVisible();
      await expect(entry.getByText(dueText)).toBeVisible();

      await entry.getByRole('button', { name: /^Markierung 1: Fliesen lose im Bad/ }).click();
      await reply.getByLabel(/Antwort/).fill('Bitte bis zum Termin neu verfliesen.');
      await reply.locator('input[type="file"]').setInputFiles({ name: 'fliesen.png', mimeType: 'image/png', buffer: twoByTwoPng() });
      await reply.getByRole('button', { name: 'Antworten' }).click();
      await expect(reply.getByLabel(/Antwort/)).toHaveValue('');
      await expect(reply.getByRole('list', { name: 'Gewählte Fotos' })).toHaveCount(0);

      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
      await page.getByRole('button', { name: '2 Änderungen warten' }).click();
      const list = page.getByRole('dialog', { name: 'Wartende Änderungen' });
      await expect(list.getByText(`Punkt 1 auf „Grundriss EG“ zugeordnet: Information · Zuständig: Klara Kundin · Fällig am ${dueText}`)).toBeVisible();
      await expect(list.getByText('Antwort zu Punkt 1 auf „Grundriss EG“ mit 1 Foto: Bitte bis zum Termin neu verfliesen.')).toBeVisible();
      await expect(list.getByText('Wartet auf Verbindung')).toHaveCount(2);
      await page.keyboard.press('Escape');
      type StoredPin = { updatedAt: string; responsible: { username: string } | null; dueDate: string | null; replies: { text: string; at: string; photoFileIds: number[] }[] };
      const stored = async () => ((await (await request.get(pinsPath, { headers: architectAuth })).json()) as StoredPin[])[0]!;
      expect(await stored()).toMatchObject({ responsible: null, dueDate: null, replies: [] });

      await context.setOffline(false);
      await expect(page.getByRole('button', { name: /Änderung(en)? wart/ })).toHaveCount(0, { timeout: 15_000 });
      // Read again from the server: the assignment and the reply with its photo are there.
      await page.reload();
      const again = await openPlan();
      const sentEntry = again.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Markierung 1: Fliesen lose im Bad/ }) });
      await expect(sentEntry.getByText('Klara Kundin', { exact: true })).toBeVisible();
      await expect(sentEntry.getByText(dueText)).toBeVisible();
      await expect(sentEntry.getByText('Bitte bis zum Termin neu verfliesen.')).toBeVisible();
      await expect(sentEntry.getByRole('img', { name: 'Foto 1 zur Antwort von Erika Muster' })).toBeVisible();
      await expect(again.getByText('Wartet auf Verbindung')).toHaveCount(0);
      // In the order they were made: the assignment first, then the reply.
      const pin = await stored();
      expect(pin).toMatchObject({ responsible: { username: client.username }, dueDate: due });
      expect(pin.replies.map(({ text, photoFileIds }) => [text, photoFileIds.length])).toEqual([['Bitte bis zum Termin neu verfliesen.', 1]]);
      expect(pin.updatedAt <= pin.replies[0]!.at).toBe(true);
      await context.close();
    });
  }
});
