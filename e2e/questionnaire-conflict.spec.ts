import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { TestAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { seedClientProject, selectProjectInSession } from './support/questionnaire-seed';

/** One person in a browser of their own (their own session), on the project's General step. */
async function openGeneral(browser: Browser, account: TestAccount, home: RegExp, projectId: number, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, account.username, account.password);
  await expect(page).toHaveURL(home);
  await selectProjectInSession(page, projectId);
  await page.goto('/general');
  await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Informationen' })).toBeVisible();
  return page;
}

const year = (page: Page) => page.getByLabel('Baujahr', { exact: true });
const direction = (page: Page) => page.getByLabel('Ausrichtung der Hauptfassade');

async function save(page: Page) {
  await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
}

async function changeLog(request: APIRequestContext, architect: TestAccount, projectId: number) {
  const login = await request.post('/api/auth/login', { data: { username: architect.username, password: architect.password } });
  const { token } = (await login.json()) as { token: string };
  const response = await request.get(`/api/questionnaire/${projectId}/changes`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Array<{ changedBy: string; changes: Record<string, { from: unknown; to: unknown }> }>;
}

test.describe('two people on one questionnaire step', () => {
  // Seeding waits for two invitation mails; both workers share one server.
  test.describe.configure({ timeout: 180_000 });

  test("a stale page keeps the other person's answers, and a clash is resolved by choice, nothing lost", async ({ browser, request }) => {
    const { architect, client, projectId } = await seedClientProject(request);
    // The architect on a phone: the choice dialog is a full-screen sheet there.
    const architectPage = await openGeneral(browser, architect, /\/dashboard$/, projectId, { width: 390, height: 800 });
    const clientPage = await openGeneral(browser, client, /\/dashboardClient$/, projectId);

    // The client enters the Baujahr; the architect, whose page still shows none, picks the direction.
    await year(clientPage).fill('1962');
    await save(clientPage);
    await expect(clientPage).toHaveURL(/\/storeys$/);
    await expect(year(architectPage)).toHaveValue('');
    await direction(architectPage).selectOption({ label: 'Süd' });
    await save(architectPage);
    await expect(architectPage).toHaveURL(/\/storeys$/);

    // Both answers are kept.
    await clientPage.goto('/general');
    await expect(year(clientPage)).toHaveValue('1962');
    await expect(direction(clientPage)).toHaveValue('S');
    await architectPage.goto('/general');
    await expect(year(architectPage)).toHaveValue('1962');

    // Now both change the Baujahr: the client first, then the architect on the page loaded before.
    await year(clientPage).fill('1958');
    await save(clientPage);
    await expect(clientPage).toHaveURL(/\/storeys$/);
    await year(architectPage).fill('1965');
    await direction(architectPage).selectOption({ label: 'West' });
    await save(architectPage);

    const dialog = architectPage.getByRole('dialog', { name: 'Jemand anderes hat diesen Schritt geändert' });
    await expect(dialog).toBeVisible();
    // The client by name, the time as the app writes times (22.11.2026, 14:05).
    await expect(dialog).toContainText(/Klara Kundin hat diesen Schritt am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} gespeichert/);
    const clash = dialog.getByRole('group', { name: 'Baujahr' });
    await expect(clash.getByRole('radio', { name: 'Antwort von Klara Kundin übernehmen: 1958' })).toBeVisible();
    await expect(clash.getByRole('radio', { name: 'Meine Antwort übernehmen: 1965' })).toBeVisible();
    // Only the Baujahr clashes: the client did not touch the direction.
    await expect(dialog.getByRole('group')).toHaveCount(1);
    await expect(architectPage).toHaveURL(/\/general$/);
    await expectNoSeriousA11yViolations(architectPage);

    await clash.getByRole('radio', { name: 'Antwort von Klara Kundin übernehmen: 1958' }).check();
    await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect(architectPage).toHaveURL(/\/storeys$/);

    // The client's Baujahr (as chosen) and the architect's direction are both stored.
    await clientPage.goto('/general');
    await expect(year(clientPage)).toHaveValue('1958');
    await expect(direction(clientPage)).toHaveValue('W');

    // Each save logged what it changed, by whom: newest first.
    const log = await changeLog(request, architect, projectId);
    expect(log.map((entry) => [entry.changedBy, Object.keys(entry.changes)])).toEqual([
      [architect.username, ['direction']],
      [client.username, ['constructionYear']],
      [architect.username, ['direction']],
      [client.username, ['constructionYear']],
    ]);
    expect(log[1]?.changes.constructionYear).toEqual({ from: 1962, to: 1958 });
    expect(log[0]?.changes.direction).toEqual({ from: 'S', to: 'W' });
  });
});
