import { expect, test, type Page } from '@playwright/test';
import { createArchitectViaApi } from './support/accounts';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject, selectProjectInSession } from './support/questionnaire-seed';

const yesNo = (page: Page, question: string, choice: 'Ja' | 'Nein') =>
  page.getByRole('radiogroup', { name: question }).getByLabel(choice, { exact: true });

const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Speichern und Weiter' });

async function fillGeneral(page: Page) {
  await page.getByLabel('Gebäudenutzung').selectOption('WOHNBAU');
  await page.getByLabel('Gebäudetyp').selectOption('MITTELHAUS');
  await page.getByLabel('Anzahl der Wohneinheiten').selectOption('UNITS_3_9');
  await page.getByLabel('Zu sanierende Einheiten').selectOption('AMOUNT_6');
  await page.getByLabel('Ausrichtung der Hauptfassade').selectOption('SO');
  await page.getByLabel('Baujahr', { exact: true }).fill('1962');
}

test.describe('questionnaire', () => {
  // Seeding waits for two invitation mails; both workers share one server.
  test.describe.configure({ timeout: 120_000 });

  test("every step names its project under the title on a phone: 'Projekt: …'", async ({ browser, request }) => {
    const { client, projectId, projectName } = await seedClientProject(request);
    const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
    const page = await context.newPage();
    await loginAsClientWithProject(page, client, projectId);
    for (const [path, title] of [['/general', 'Allgemeine Informationen'], ['/storeys', 'Stockwerke'], ['/windows', 'Fenster'], ['/heating', 'Heizung']]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const line = page.getByText(`Projekt: ${projectName}`);
      await expect(line).toBeVisible();
      await expect(line).toBeInViewport({ ratio: 1 });
    }
    // On 'Heizung', 'Wärmeerzeuger' offers what an Austrian renovation meets besides the boilers.
    const producer = page.getByLabel('Wärmeerzeuger');
    for (const label of ['Brennwertkessel', 'Wärmepumpe', 'Fernwärme-Übergabestation', 'Sonstiges']) await expect(producer.getByRole('option', { name: label })).toHaveCount(1);
    await producer.selectOption({ label: 'Fernwärme-Übergabestation' });
    await expect(producer).toHaveValue('DISTRICT_HEAT_TRANSFER_STATION');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  test('the project line arriving late moves nothing on the page (phone)', async ({ browser, request }) => {
    const { client, projectId, projectName } = await seedClientProject(request);
    const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { pageShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await loginAsClientWithProject(page, client, projectId);
    // The project comes late, as on a slow connection: once the page stands without it. The page is
    // loaded afresh, so nothing is cached.
    let releaseProject = () => {};
    const projectHeld = new Promise<void>((resolve) => (releaseProject = resolve));
    await page.route(`**/api/DashboardClient/project/${projectId}`, async (route) => {
      await projectHeld;
      await route.continue();
    });
    await page.goto('/windows');
    await expect(page.getByRole('heading', { level: 1, name: 'Fenster' })).toBeVisible();
    releaseProject();
    await expect(page.getByText(`Projekt: ${projectName}`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { pageShifts: number[] }).pageShifts)).toEqual([]);
    await context.close();
  });

  test('a client answers all four steps, reaches 100 % and finds the answers again', async ({ page, request }) => {
    test.setTimeout(240_000);
    const { architect, client, projectId, projectName } = await seedClientProject(request);
    await loginAsClientWithProject(page, client, projectId);

    await page.goto('/general');
    await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Informationen' })).toBeVisible();
    await expect(page).toHaveTitle('Fragebogen: Allgemeine Informationen – Bauakte');
    await expect(page.getByText('Schritt 1 von 4')).toBeVisible();
    await expect(page.getByText(`Projekt: ${projectName}`)).toBeVisible();
    await expect(page.getByLabel('Gebäudenutzung')).toHaveValue('');
    await expectNoSeriousA11yViolations(page);
    await fillGeneral(page);
    await saveAndContinue(page).click();

    await expect(page).toHaveURL(/\/storeys$/);
    await expect(page.getByLabel('Dachform')).toBeVisible();
    await expect(page).toHaveTitle('Fragebogen: Stockwerke – Bauakte');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Dachform').selectOption('SATTELDACH');
    await yesNo(page, 'Ist der Dachboden beheizt?', 'Ja').check();
    await page.getByLabel('Anzahl der Geschoße (ohne Dachboden und Keller)').selectOption('3');
    await yesNo(page, 'Ist der Keller beheizt?', 'Nein').check();
    await yesNo(page, 'Wurde das Gebäude bereits saniert?', 'Ja').check();
    await saveAndContinue(page).click();

    await expect(page).toHaveURL(/\/windows$/);
    await expect(page.getByRole('radiogroup', { name: 'Gibt es unterschiedliche Fenster?' })).toBeVisible();
    await expect(page).toHaveTitle('Fragebogen: Fenster – Bauakte');
    // The step's two required questions carry the '*' the legend explains; the other steps have none.
    await expect(page.getByText('Mit * gekennzeichnete Felder sind Pflichtfelder.')).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Gibt es unterschiedliche Fenster?' })).toHaveAttribute('aria-required', 'true');
    await expectNoSeriousA11yViolations(page);
    await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Ja').check();
    await expect(page.getByText('Ihre Fenster sind unterschiedlich – Ihre Architektin bzw. Ihr Architekt wird sich bei Ihnen melden.')).toBeVisible();
    await expect(page.getByLabel('Verglasung')).toHaveCount(0);
    await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Nein').check();
    await page.getByLabel('Baujahr der Fenster').fill('1995');
    await page.getByLabel('Verglasung').selectOption('DOUBLE_ISOLATION');
    await page.getByLabel('Rahmenmaterial').selectOption('WOOD');
    await expect(page.getByRole('radiogroup', { name: 'Gibt es Rollladenkästen?' })).toHaveAttribute('aria-required', 'true');
    await yesNo(page, 'Gibt es Rollladenkästen?', 'Ja').check();
    await saveAndContinue(page).click();

    await expect(page).toHaveURL(/\/heating$/);
    await expect(page.getByLabel('Wärmeerzeuger')).toBeVisible();
    await expect(page).toHaveTitle('Fragebogen: Heizung – Bauakte');
    await expect(page.getByText('Mit * gekennzeichnete Felder sind Pflichtfelder.')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Wärmeerzeuger').selectOption('CONDENSING_BOILER');
    await page.getByLabel('Brennstoff').selectOption('HEAT_PUMP');
    await page.getByLabel('Baujahr der Heizung').fill('um 2005');
    await page.getByLabel('Warmwasserbereitung').selectOption('DECENTRALIZED');
    await page.getByLabel('Wärmeabgabe').selectOption('AREA_HEATING');
    await page.getByLabel('Temperaturregelung').selectOption('ROOM_THERMOSTAT_ZONE_TIME');
    await expect(saveAndContinue(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();

    await expect(page).toHaveURL(/\/dashboardClient$/);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const project = await request.get(`/api/DashboardClient/project/${projectId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(project.status()).toBe(200);
    expect(((await project.json()) as { progress: number }).progress).toBe(100);

    // The client opens the project from the dashboard: the bar shows the new progress.
    await page.getByRole('button', { name: new RegExp(projectName) }).click();
    await expect(page).toHaveURL(/\/projectOverview$/);
    const progress = page.getByRole('progressbar', { name: 'Fortschritt:' });
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('100 % – Vollständig')).toBeVisible();

    await selectProjectInSession(page, projectId);
    await page.goto('/general');
    await expect(page.getByLabel('Gebäudetyp')).toHaveValue('MITTELHAUS');
    await expect(page.getByLabel('Ausrichtung der Hauptfassade')).toHaveValue('SO');
    await expect(page.getByLabel('Baujahr', { exact: true })).toHaveValue('1962');
    await page.goto('/storeys');
    await expect(yesNo(page, 'Ist der Dachboden beheizt?', 'Ja')).toBeChecked();
    await expect(page.getByLabel('Anzahl der Geschoße (ohne Dachboden und Keller)')).toHaveValue('3');

    // The architect finds the project complete, with the client's saves in the 'Änderungsverlauf'.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await cardOf(page, 'Projekte mit Neuerungen').getByRole('button', { name: new RegExp(projectName) }).click();
    await expect(page.getByRole('progressbar', { name: 'Fortschritt:' })).toHaveAttribute('aria-valuenow', '100');
    const log = page.getByRole('list', { name: 'Wer hat wann was am Fragebogen und an den Plänen geändert' });
    // People are named by name; the username is there on hover.
    await expect(log).toContainText('Klara Kundin · Heizung');
    await expect(log).toContainText('Brennstoff: – → Wärmepumpe');
  });

  test('keeps the page and names the field when a year is out of range', async ({ page, request }) => {
    const { client, projectId } = await seedClientProject(request);
    await loginAsClientWithProject(page, client, projectId);
    await page.goto('/general');
    const year = page.getByLabel('Baujahr', { exact: true });
    await year.fill('1200');
    await saveAndContinue(page).click();
    // The schema's message is English (spec); the form words it in German, beside the field, focused.
    await expect(page.getByRole('alert').filter({ hasText: 'Das Baujahr darf nicht vor 1300 liegen.' })).toBeVisible();
    await expect(page.getByText('Year must be at least 1300.')).toHaveCount(0);
    await expect(year).toHaveAttribute('aria-invalid', 'true');
    await expect(year).toBeFocused();
    await expect(page).toHaveURL(/\/general$/);
    await expectNoSeriousA11yViolations(page);
  });

  test('a phone-sized screen can fill the General page with the keyboard', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const { client, projectId } = await seedClientProject(request);
    await loginAsClientWithProject(page, client, projectId);
    await page.goto('/general');
    await expect(page.getByLabel('Gebäudenutzung')).toBeVisible();
    await fillGeneral(page);

    // One column: nothing sticks out sideways, and the questions sit below each other.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const usage = await page.getByLabel('Gebäudenutzung').boundingBox();
    const type = await page.getByLabel('Gebäudetyp').boundingBox();
    expect(type && usage && type.y > usage.y).toBe(true);

    // Tab runs from one question to the next.
    await page.getByLabel('Gebäudenutzung').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Gebäudetyp')).toBeFocused();

    await saveAndContinue(page).click();
    await expect(page).toHaveURL(/\/storeys$/);
  });

  test('without a project the page warns and returns to the dashboard', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/windows');
    await expect(page.getByRole('alertdialog')).toContainText('Fehler bei der Zuordnung zu einem Projekt.');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The warning outlives the redirect until it is dismissed.
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});
