import { expect, test, type Page } from '@playwright/test';
import { newProfileDir, openBrowserProfile, removeProfileDir } from './support/browser-profile';
import { seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { cardOf } from './support/portal';

const optIn = 'Auf diesem Gerät angemeldet bleiben';

async function login(page: Page, account: { username: string; password: string }, remember: boolean): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(account.username);
  await page.getByLabel('Passwort').fill(account.password);
  if (remember) await page.getByRole('checkbox', { name: optIn }).check();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboardClient$/);
}

/** The names of the IndexedDB databases this browser keeps. */
const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));

/** Every record of the user's read cache, as one text ('' when the database is gone). */
async function readCacheText(page: Page, username: string): Promise<string> {
  if (!(await databases(page)).includes(`bauakte-read-cache-${username}`)) return '';
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const stores = Array.from(db.objectStoreNames);
          if (stores.length === 0) {
            db.close();
            resolve('');
            return;
          }
          const transaction = db.transaction(stores, 'readonly');
          const all: unknown[] = [];
          for (const store of stores) {
            const request = transaction.objectStore(store).getAll();
            request.onsuccess = () => all.push(...(request.result as unknown[]));
          }
          transaction.oncomplete = () => {
            db.close();
            resolve(JSON.stringify(all));
          };
        };
      }),
    `bauakte-read-cache-${username}`,
  );
}

/** Logged in: the client's dashboard and the project's page are seen, so both are kept on the device. */
async function visitProject(page: Page, username: string, projectId: number, projectName: string): Promise<void> {
  await expect(page.getByText(projectName).first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await selectProjectInSession(page, projectId);
  await page.goto('/projectOverview');
  await expect(page.getByText(projectName).first()).toBeVisible();
  await expect(cardOf(page, 'Projektdateien')).toBeVisible();
  await expect.poll(() => readCacheText(page, username), { message: 'the project is kept on the device' }).toContain('ciphertext');
  // Kept encrypted with the user's device key: nothing of the project in clear.
  expect(await readCacheText(page, username)).not.toContain(projectName);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page').toBe(true);
}

test.describe('staying signed in on this device', () => {
  // Each journey closes and opens a browser profile from disk; a slow machine needs more than the default minute.
  test.describe.configure({ timeout: 150_000 });

  test('with the opt-in, the app opened again without a connection starts at the dashboard from what is kept', async ({ request }) => {
    const { client, projectId, projectName } = await seedClientProject(request);
    const dir = newProfileDir();
    let context = await openBrowserProfile(dir);
    let page = await context.newPage();
    await login(page, client, true);
    await visitProject(page, client.username, projectId, projectName);
    for (const open of context.pages()) await open.close();
    await context.close();

    // On site, in the cellar: the app is opened again.
    context = await openBrowserProfile(dir);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await expect(page.getByText(projectName).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);

    // Online again, the same session goes on: the server knows it.
    await context.setOffline(false);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await expect(page.getByText(projectName).first()).toBeVisible();
    await context.close();
    removeProfileDir(dir);
  });

  test('without the opt-in, a closed window needs a login', async ({ request }) => {
    const { client, projectName } = await seedClientProject(request);
    const dir = newProfileDir();
    let context = await openBrowserProfile(dir);
    let page = await context.newPage();
    await login(page, client, false);
    await expect(page.getByText(projectName).first()).toBeVisible();
    await context.close();

    context = await openBrowserProfile(dir);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByText(projectName)).toHaveCount(0);
    await context.close();
    removeProfileDir(dir);
  });

  test("signed out from another browser: the device learns it at its next contact and its kept data is gone", async ({ browser, request }) => {
    const { client, projectId, projectName } = await seedClientProject(request);
    const dir = newProfileDir();
    const context = await openBrowserProfile(dir);
    const page = await context.newPage();
    await login(page, client, true);
    await visitProject(page, client.username, projectId, projectName);

    // At the office: 'Angemeldete Geräte' in the profile, the phone signed out.
    const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const desk = await office.newPage();
    await login(desk, client, false);
    await desk.getByRole('button', { name: 'Profil', exact: true }).click();
    const dialog = desk.getByRole('dialog', { name: 'Profil bearbeiten' });
    const devices = dialog.getByRole('region', { name: 'Angemeldete Geräte' });
    const rows = devices.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Dieses Gerät' })).toHaveCount(1);
    const phone = rows.filter({ hasNotText: 'Dieses Gerät' });
    await expect(phone).toContainText(/auf Linux/);
    await expect(phone).toContainText('Angemeldet seit');
    await expect(phone).toContainText('Zuletzt verwendet');
    await phone.getByRole('button', { name: 'Abmelden' }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Abmelden' }).click();
    await expect(devices.getByText(/auf Linux wurde abgemeldet\.$/)).toBeVisible();
    await expect(rows).toHaveCount(1);
    await office.close();

    // The phone's next contact: refused, so the login, the note, and nothing of the client's kept.
    await page.goto('/dashboardClient');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sie wurden auf diesem Gerät abgemeldet.')).toBeVisible();
    await expect.poll(() => databases(page)).not.toContain(`bauakte-read-cache-${client.username}`);
    expect(await page.evaluate(() => localStorage.getItem('bauakte.rememberedToken'))).toBeNull();

    // The app opened again asks for a login too.
    await context.close();
    const reopened = await openBrowserProfile(dir);
    const next = reopened.pages()[0] ?? (await reopened.newPage());
    await next.goto('/');
    await expect(next.getByRole('button', { name: 'Login' })).toBeVisible();
    await reopened.close();
    removeProfileDir(dir);
  });
});
