import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { TestAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, withServiceWorker } from './support/fixtures';
import { showPins } from './support/plan-viewer';
import { cardOf } from './support/portal';
import { answerQuestionnaireViaApi, loginAsClientWithProject, seedClientProject, type SeededProject } from './support/questionnaire-seed';
import { twoByTwoPng } from './support/sample-files';

const phone = { width: 390, height: 844 };
const planNotKept = 'Dieser Plan ist auf diesem Gerät nicht gespeichert. Machen Sie das Projekt offline verfügbar, sobald Sie wieder online sind.';
const questionnaireNotKept = 'Der Fragebogen ist auf diesem Gerät nicht gespeichert. Öffnen Sie ihn einmal mit Verbindung, dann steht er auch offline bereit.';
// What is kept opens at once; a busy test machine gets some room beyond that second.
const atOnce = { timeout: 5_000 };

const year = (page: Page) => page.getByLabel('Baujahr', { exact: true });

/** A second project of the seeded client, created by their architect: one the client never opens online. */
async function secondProject(request: APIRequestContext, seeded: SeededProject): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { username: seeded.architect.username, password: seeded.architect.password } });
  const { token } = (await login.json()) as { token: string };
  const name = `${seeded.projectName} Nebengebäude`;
  const created = await request.post('/api/ProjectManagment', { data: { name, assignedUser: seeded.client.username }, headers: { authorization: `Bearer ${token}` } });
  expect(created.status(), 'second project created').toBe(201);
  return name;
}

/** The questionnaire action of one project on the client's dashboard. */
const questionnaireOf = (page: Page, projectName: string) =>
  page
    .getByRole('list', { name: 'Projektübersicht' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: projectName, exact: true }) })
    .getByRole('button', { name: /^Fragebogen/ });

async function phoneClient(page: Page, client: TestAccount, projectId: number): Promise<void> {
  await loginAsClientWithProject(page, client, projectId);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

test.use(withServiceWorker);

test.describe('every link a client taps offline on a phone', () => {
  // Seeding waits for an invitation mail.
  test.describe.configure({ timeout: 120_000 });

  test('the questionnaire opened before opens from what is kept, one never opened says so at once, and nothing jumps when the connection is back', async ({ browser, request }) => {
    const seeded = await seedClientProject(request);
    await answerQuestionnaireViaApi(request, seeded.client, seeded.projectId);
    const neverOpened = await secondProject(request, seeded);
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await phoneClient(page, seeded.client, seeded.projectId);

    // Online, once: the questionnaire of the first project, then back to the dashboard.
    await questionnaireOf(page, seeded.projectName).click();
    await expect(page).toHaveURL(/\/general$/);
    await expect(year(page)).toHaveValue('1965');
    await page.goBack();
    await expect(questionnaireOf(page, neverOpened)).toBeVisible();

    // In the cellar: the kept questionnaire opens with its answers.
    await context.setOffline(true);
    await questionnaireOf(page, seeded.projectName).click();
    await expect(year(page)).toHaveValue('1965', atOnce);
    await expect(page).toHaveURL(/\/general$/);

    // The other project's was never on the device: said at once, no endless spinner.
    await page.goBack();
    await questionnaireOf(page, neverOpened).click();
    await expect(page.getByText(questionnaireNotKept)).toBeVisible(atOnce);
    await expect(page.getByText('Laden...')).toHaveCount(0);
    await expect(year(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The person moves on to step 2; the connection comes back: the page stays where they are and fills in.
    await page.getByRole('link', { name: /Schritt 2/ }).click();
    await expect(page).toHaveURL(/\/storeys$/);
    await expect(page.getByText(questionnaireNotKept)).toBeVisible(atOnce);
    await context.setOffline(false);
    await expect(page.getByText(questionnaireNotKept)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Stockwerke' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Ist der Keller beheizt?' })).toBeVisible();
    await expect(page).toHaveURL(/\/storeys$/);
    await context.close();
  });

  test('a plan not opened full-size before says it is not on the device and names the connection, not the file', async ({ browser, request }) => {
    const seeded = await seedClientProject(request);
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await phoneClient(page, seeded.client, seeded.projectId);

    // Online: the client uploads a photo; the overview shows its thumbnail, the full size is never opened.
    await page.goto('/projectOverview');
    await cardOf(page, 'Projektdateien').getByRole('button', { name: '+ Plan hochladen' }).click();
    const upload = page.getByRole('dialog', { name: 'Plan hochladen' });
    await upload.locator('input[type="file"]').setInputFiles({ name: 'keller.png', mimeType: 'image/png', buffer: twoByTwoPng() });
    await upload.getByLabel('Titel', { exact: true }).fill('Kellerwand');
    await upload.getByRole('button', { name: 'Hochladen', exact: true }).click();
    await expect(upload).toHaveCount(0);

    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page').toBe(true);
    await context.setOffline(true);
    await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Kellerwand' }).click();
    const viewer = page.getByRole('dialog', { name: 'Kellerwand' });
    await expect(viewer.getByText(planNotKept)).toBeVisible(atOnce);
    await showPins(viewer);
    await expect(viewer.getByText('Die Markierungen sind auf diesem Gerät nicht gespeichert. Machen Sie das Projekt offline verfügbar, sobald Sie wieder online sind.')).toBeVisible(atOnce);
    await expect(viewer.getByText('Keine Vorschau')).toHaveCount(0);
    await expect(viewer.getByText('Die Markierungen konnten nicht geladen werden.')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Back online: the plan and its pins come into the open viewer.
    await context.setOffline(false);
    await expect(viewer.getByAltText('Kellerwand')).toBeVisible();
    await expect(viewer.getByText(planNotKept)).toHaveCount(0);
    await expect(viewer.getByText('Noch keine Markierungen auf diesem Plan.')).toBeVisible();
    await context.close();
  });
});
