import { expect, test, type Page } from '@playwright/test';
import { cardOf } from './support/portal';
import { answerQuestionnaireViaApi, loginAsClientWithProject, seedClientProject } from './support/questionnaire-seed';
import { twoByTwoPng } from './support/sample-files';
import { apiToken } from './support/accounts';
import { storedYear } from './support/stored-answers';
import { withServiceWorker } from './support/fixtures';

const savedOnDevice = 'Gespeichert auf diesem Gerät — wird übertragen, sobald Sie online sind';
const year = (page: Page) => page.getByLabel('Baujahr', { exact: true });
const missingProject = /Fehler bei der Zuordnung zu einem Projekt/;

/**
 * Everything this browser keeps, read as anyone at it could: every IndexedDB database with all its
 * records, the app's Cache Storage entries (bytes read as text), localStorage and the tab's
 * sessionStorage, as one text; and how many records each database holds.
 */
async function everythingKept(page: Page): Promise<{ databases: string[]; caches: string[]; records: Record<string, number>; text: string }> {
  return page.evaluate(async () => {
    const readAll = (name: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const stores = Array.from({ length: db.objectStoreNames.length }, (_, index) => db.objectStoreNames.item(index) ?? '');
          if (stores.length === 0) {
            db.close();
            resolve([]);
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
            resolve(all);
          };
        };
      });
    // Bytes as text, as a look at them in the developer tools would show any plain text among them.
    const asText = (bytes: ArrayBuffer | ArrayBufferView) =>
      new TextDecoder('utf-8').decode(bytes instanceof ArrayBuffer ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const databases = (await indexedDB.databases()).map((db) => db.name ?? '');
    const records = await Promise.all(databases.map(readAll));
    const cacheNames = await caches.keys();
    const cached: string[] = [];
    for (const name of cacheNames.filter((cache) => cache.startsWith('bauakte-'))) {
      const cache = await caches.open(name);
      for (const entry of await cache.keys()) cached.push(entry.url, asText(await (await cache.match(entry))!.arrayBuffer()));
    }
    const replacer = (_key: string, value: unknown) => (value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? asText(value) : value);
    return {
      databases,
      caches: cacheNames,
      records: Object.fromEntries(databases.map((name, index) => [name, records[index]!.length])),
      text: JSON.stringify({ records, cached, local: { ...localStorage }, session: { ...sessionStorage } }, replacer),
    };
  });
}

/** Writes a record straight into the change queue's database, as any script or person at this browser could. */
async function plantQueueItem(page: Page, record: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    (item) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('bauakte-queue');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const transaction = opening.result.transaction('items', 'readwrite');
          transaction.objectStore('items').add(item);
          transaction.oncomplete = () => {
            opening.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    record,
  );
}

/** The logged-in account's id, as the session names it (the token's uid claim). */
async function sessionAccountId(page: Page): Promise<number> {
  return page.evaluate(() => {
    const payload = (sessionStorage.getItem('token') ?? '').split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { uid: number }).uid;
  });
}

test.use(withServiceWorker);

test.describe('one browser shared by several people', () => {
  // Seeding waits for an invitation mail; the journey goes offline and online twice.
  test.describe.configure({ timeout: 120_000 });

  test('a client logs out without a connection: at /login at once, nothing of theirs left to read, the session ended once online', async ({ browser, request }) => {
    const { architect, client, projectId } = await seedClientProject(request);
    await answerQuestionnaireViaApi(request, client, projectId);
    const uploaded = await request.post('/api/s3/upload', {
      headers: { authorization: `Bearer ${await apiToken(request, architect)}` },
      multipart: { projectId: String(projectId), fileName: 'Energieausweis', documentType: 'PNG', file: { name: 'energieausweis.png', mimeType: 'image/png', buffer: twoByTwoPng() } },
    });
    expect(uploaded.status(), 'file uploaded').toBe(201);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await loginAsClientWithProject(page, client, projectId);
    const token = await page.evaluate(() => sessionStorage.getItem('token') ?? '');

    // Online: the overview with the file, and step 1; both are kept for reading offline, without signed links.
    await page.goto('/projectOverview');
    await expect(cardOf(page, 'Projektdateien').getByRole('heading', { name: 'Energieausweis' })).toBeVisible();
    await page.goto('/general');
    await expect(year(page)).toHaveValue('1965');
    await expect.poll(async () => (await everythingKept(page)).records[`bauakte-read-cache-${client.username}`], { message: 'the file list is kept on the device' }).toBeGreaterThanOrEqual(2);
    // Kept encrypted: nothing of it in clear.
    expect((await everythingKept(page)).text).not.toContain('Energieausweis');
    expect((await everythingKept(page)).text).not.toContain('signature=');

    // In the cellar: a change waits; the logout asks, then goes through without a connection.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await year(page).fill('1972');
    await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
    await expect(page.getByText(savedOnDevice).first()).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    const question = page.getByRole('alertdialog', { name: '1 Änderung wurde noch nicht übertragen. Wenn Sie sich jetzt abmelden, geht sie verloren.' });
    await question.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByText(missingProject)).toHaveCount(0);

    // Nothing of the client's is left to read at this browser: no answers, no files, no change, no token.
    const kept = await everythingKept(page);
    expect(kept.databases).not.toContain(`bauakte-read-cache-${client.username}`);
    expect(kept.caches).not.toContain(`bauakte-pictures-${client.username}`);
    expect(kept.text).not.toContain('Energieausweis');
    expect(kept.text).not.toContain('"constructionYear":1972');
    expect(kept.text).not.toContain(token);
    expect(kept.text).not.toContain('signature=');

    // Online again, the next start tells the server: the session cannot be used any more.
    await context.setOffline(false);
    await page.reload();
    await expect
      .poll(async () => (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status(), { message: 'the session ended on the server' })
      .toBe(401);
    expect(await storedYear(request, client, projectId)).toBe(1965);
    await context.close();
  });

  test("a client's window closed without a logout: nothing of theirs is readable at the browser; their next login reads it again and sends the waiting change", async ({ browser, request }) => {
    const { architect, client, projectId, projectName } = await seedClientProject(request);
    await answerQuestionnaireViaApi(request, client, projectId);
    const uploaded = await request.post('/api/s3/upload', {
      headers: { authorization: `Bearer ${await apiToken(request, architect)}` },
      multipart: { projectId: String(projectId), fileName: 'Energieausweis', documentType: 'PNG', file: { name: 'energieausweis.png', mimeType: 'image/png', buffer: twoByTwoPng() } },
    });
    expect(uploaded.status(), 'file uploaded').toBe(201);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    let page = await context.newPage();
    await loginAsClientWithProject(page, client, projectId);

    // Online: the overview with the file's thumbnail, and step 1; all kept on the device.
    await page.goto('/projectOverview');
    await expect(cardOf(page, 'Projektdateien').getByRole('heading', { name: 'Energieausweis' })).toBeVisible();
    await expect.poll(async () => (await everythingKept(page)).text, { message: 'the thumbnail is kept' }).toContain('/offline-pictures/');
    await page.goto('/general');
    await expect(year(page)).toHaveValue('1965');
    await expect.poll(async () => (await everythingKept(page)).records[`bauakte-read-cache-${client.username}`], { message: 'the pages are kept' }).toBeGreaterThanOrEqual(2);

    // In the cellar a change waits; then the window is closed, without a logout.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await year(page).fill('1972');
    await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
    await expect(page.getByText(savedOnDevice).first()).toBeVisible();
    await page.close();
    await context.setOffline(false);

    // Anyone at this browser now: the data is there, but nothing of it in clear.
    page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    const kept = await everythingKept(page);
    expect(kept.records[`bauakte-read-cache-${client.username}`]).toBeGreaterThanOrEqual(2);
    expect(kept.records['bauakte-queue']).toBe(1);
    expect(kept.caches).toContain(`bauakte-pictures-${client.username}`);
    for (const plain of [projectName, 'Annenstraße', 'Graz', 'Energieausweis', 'constructionYear', 'FREISTEHEND', 'PNG\r\n', 'IHDR', 'JFIF', 'WEBP']) {
      expect(kept.text, `"${plain}" is not kept in clear`).not.toContain(plain);
    }

    // The same client logs in again: the waiting change is sent, and what was kept reads offline again.
    await loginAsClientWithProject(page, client, projectId);
    await expect.poll(() => storedYear(request, client, projectId), { timeout: 20_000, message: 'the waiting change reached the server' }).toBe(1972);
    await context.setOffline(true);
    await page.goto('/projectOverview');
    await expect(page.getByText(projectName).first()).toBeVisible();
    await expect(cardOf(page, 'Projektdateien').getByRole('heading', { name: 'Energieausweis' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();
    await context.close();
  });

  test('a damaged change on the device is refused, and the change behind it is sent; another user\'s stays untouched', async ({ browser, request }) => {
    const { client, projectId } = await seedClientProject(request);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await loginAsClientWithProject(page, client, projectId);
    await page.goto('/general');
    await expect(year(page)).toBeVisible();

    const userId = await sessionAccountId(page);
    const createdAt = new Date().toISOString();
    // An upload without its file, under this client's name and account, and a message under someone else's.
    await plantQueueItem(page, { user: client.username.toLowerCase(), userId, createdAt, status: 'waiting', bytes: 20, payload: { kind: 'upload', projectId: String(projectId) } });
    await plantQueueItem(page, { user: 'jemand-anderes', userId: userId + 1, createdAt, status: 'waiting', bytes: 20, payload: { kind: 'chat', chatId: 1, receiverUsername: client.username, message: 'Untergeschoben' } });

    await context.setOffline(true);
    await year(page).fill('1958');
    await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
    await expect(page.getByText(savedOnDevice).first()).toBeVisible();
    await context.setOffline(false);

    // The step behind the damaged item reaches the server; the damaged one stays, refused, to be discarded.
    await expect.poll(() => storedYear(request, client, projectId), { timeout: 20_000 }).toBe(1958);
    const count = page.getByRole('button', { name: '1 Änderung wartet' });
    await expect(count).toBeVisible();
    await count.click();
    const list = page.getByRole('dialog', { name: 'Wartende Änderungen' });
    await expect(list.getByText('Abgelehnt', { exact: true })).toBeVisible();
    await expect(list.getByText(/unvollständig gespeichert und kann nicht übertragen werden/)).toBeVisible();
    await expect(list.getByText('Untergeschoben')).toHaveCount(0);
    await list.getByRole('button', { name: 'Verwerfen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Verwerfen' }).click();
    await expect(page.getByRole('button', { name: /Änderung/ })).toHaveCount(0);

    // Someone else's item was neither sent nor removed.
    await expect.poll(async () => (await everythingKept(page)).text).toContain('Untergeschoben');
    await context.close();
  });
});
