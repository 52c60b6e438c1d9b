import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, createArchitectViaApi, uniqueName } from './support/accounts';
import { expectNoSeriousA11yViolations, loginAs, loginAsAdmin } from './support/fixtures';
import { cardOf, fillCustomerDialog } from './support/portal';
import { answerQuestionnaireViaApi, seedClientProject } from './support/questionnaire-seed';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An invited customer with a name (no registration needed to be assigned a project). */
async function customerViaApi(request: APIRequestContext, token: string, firstName: string, lastName: string): Promise<string> {
  const username = uniqueName('kunde');
  const response = await request.post('/api/ClientManagment', {
    data: { username, firstName, lastName, email: `${username}@e2e.bauakte.test` },
    headers: bearer(token),
  });
  expect(response.status(), 'customer created').toBe(201);
  return username;
}

interface NewProject {
  name: string;
  assignedUser?: string;
  street: string;
  number: string;
  city: string;
  postalCode: string;
}

async function projectViaApi(request: APIRequestContext, token: string, project: NewProject): Promise<number> {
  const response = await request.post('/api/ProjectManagment', {
    data: {
      name: project.name,
      assignedUser: project.assignedUser ?? '',
      address: { street: project.street, number: project.number, city: project.city, postalCode: project.postalCode, country: 'Österreich', katastral: null },
    },
    headers: bearer(token),
  });
  expect(response.status(), `project ${project.name} created`).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** 500 projects through the server's API, 25 at a time. */
async function manyProjects(request: APIRequestContext, token: string, count: number, customer: string): Promise<void> {
  const numbers = Array.from({ length: count }, (_, index) => index + 1);
  for (let start = 0; start < numbers.length; start += 25) {
    await Promise.all(
      numbers.slice(start, start + 25).map((n) =>
        projectViaApi(request, token, {
          name: `Wohnhaus ${String(n).padStart(3, '0')}`,
          assignedUser: n % 2 === 0 ? customer : undefined,
          street: 'Ringstraße',
          number: String(n),
          city: 'Salzburg',
          postalCode: '5020',
        }),
      ),
    );
  }
}

const allProjects = (page: Page) => cardOf(page, 'Alle Projekte');
const projectItems = (page: Page) => allProjects(page).getByRole('list', { name: 'Alle Projekte' }).getByRole('listitem');

test.describe('finding projects and people', () => {
  test('an architect with 500 projects finds one by customer name and by street, filters by status and sorts', async ({ page, request }) => {
    test.setTimeout(180_000);
    const architect = await createArchitectViaApi(request);
    const token = await apiToken(request, architect);
    const maria = await customerViaApi(request, token, 'Maria', 'Gruber');
    const other = await customerViaApi(request, token, 'Franz', 'Huber');
    await manyProjects(request, token, 500, other);
    const villaId = await projectViaApi(request, token, { name: 'Villa am Traunsee', assignedUser: maria, street: 'Seestraße', number: '7', city: 'Gmunden', postalCode: '4810' });
    await answerQuestionnaireViaApi(request, architect, villaId);

    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(allProjects(page).getByText('501 Projekte gefunden')).toBeVisible();
    await expect(projectItems(page)).toHaveCount(20);
    await expect(allProjects(page).getByText('20 von 501 Projekten')).toBeVisible();

    // The news name the customer, not the account.
    const news = cardOf(page, 'Projekte mit Neuerungen');
    await expect(news.getByRole('button', { name: /Villa am Traunsee/ })).toContainText('Maria Gruber');
    await expect(news.getByRole('button', { name: /Villa am Traunsee/ })).not.toContainText(maria);

    const search = allProjects(page).getByRole('searchbox', { name: 'Projekte durchsuchen' });
    const started = Date.now();
    await search.fill('maria gruber');
    await expect(projectItems(page)).toHaveCount(1);
    const tookMs = Date.now() - started;
    test.info().annotations.push({ type: 'search by customer name', description: `${tookMs} ms until the one project showed` });
    expect(tookMs).toBeLessThan(3000);
    const villa = projectItems(page).first();
    await expect(villa.getByRole('button', { name: 'Villa am Traunsee' })).toBeVisible();
    await expect(villa).toContainText('Maria Gruber');
    await expect(villa).toContainText('Seestraße 7, 4810 Gmunden, Österreich');
    await expect(villa.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '100 % – Vollständig');

    await search.fill('SEESTRASSE');
    await expect(projectItems(page)).toHaveCount(1);
    await expect(projectItems(page).first()).toContainText('Villa am Traunsee');

    await search.fill('');
    await allProjects(page).getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Vollständig' });
    await expect(projectItems(page)).toHaveCount(1);
    await expect(allProjects(page).getByText('1 Projekt gefunden')).toBeVisible();
    await allProjects(page).getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Neu' });
    await expect(allProjects(page).getByText('500 Projekte gefunden')).toBeVisible();

    await allProjects(page).getByRole('combobox', { name: 'Sortieren nach' }).selectOption({ label: 'Name (A–Z)' });
    await expect(projectItems(page).first().getByRole('button').first()).toHaveText('Wohnhaus 001');
    await allProjects(page).getByRole('button', { name: 'Mehr laden' }).click();
    await expect(projectItems(page)).toHaveCount(40);
    await expect(projectItems(page).nth(39).getByRole('button').first()).toHaveText('Wohnhaus 040');
    await expectNoSeriousA11yViolations(page);

    await allProjects(page).getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Alle' });
    await search.fill('Traunsee');
    await projectItems(page).first().getByRole('button', { name: 'Villa am Traunsee' }).click();
    await expect(page).toHaveURL(/\/projectOverview$/);
    expect(await page.evaluate(() => sessionStorage.getItem('projectId'))).toBe(String(villaId));
  });

  test("the 'Projektübersicht' list searches and sorts the same way, and names customers", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    const token = await apiToken(request, architect);
    const maria = await customerViaApi(request, token, 'Maria', 'Gruber');
    await projectViaApi(request, token, { name: 'Zubau Hallstatt', assignedUser: maria, street: 'Seestraße', number: '1', city: 'Hallstatt', postalCode: '4830' });
    await projectViaApi(request, token, { name: 'Anbau Linz', street: 'Landstraße', number: '3', city: 'Linz', postalCode: '4020' });

    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Projektübersicht' }).click();
    const list = page.getByRole('dialog', { name: 'Projektübersicht' });
    await expect(list.getByRole('row')).toHaveCount(3);
    await list.getByRole('combobox', { name: 'Sortieren nach' }).selectOption({ label: 'Name (A–Z)' });
    await expect(list.getByRole('rowheader').first()).toHaveText('Anbau Linz');
    await list.getByRole('searchbox', { name: 'Projekte durchsuchen' }).fill('hallstatt');
    await expect(list.getByRole('row')).toHaveCount(2);
    const row = list.getByRole('row').filter({ hasText: 'Zubau Hallstatt' });
    await expect(row).toContainText('Maria Gruber');
    await expect(row).not.toContainText(maria);
    await list.getByRole('searchbox', { name: 'Projekte durchsuchen' }).fill('gibt es nicht');
    await expect(list.getByText('Keine Projekte gefunden').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("'Neusten Nachrichten' and the chat list name the client, with the username beside the name in the news", async ({ page, request }) => {
    const { architect, client } = await seedClientProject(request);
    const token = await apiToken(request, architect);
    const chat = await request.post('/api/MessageManagment/createChat', {
      data: { message: 'Grüß Gott!', senderUsername: architect.username, receiverUsername: client.username },
      headers: bearer(token),
    });
    expect(chat.status()).toBe(201);
    const { chatId } = (await chat.json()) as { chatId: number };
    const reply = await request.post('/api/MessageManagment', {
      data: { message: 'Der Plan kommt morgen.', senderUsername: client.username, receiverUsername: architect.username, chatId, isRead: false },
      headers: bearer(await apiToken(request, client)),
    });
    expect(reply.status()).toBe(201);

    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const latest = cardOf(page, 'Neusten Nachrichten').getByRole('listitem');
    await expect(latest).toHaveCount(1);
    await expect(latest).toContainText(`Klara Kundin (${client.username})`);
    await expect(latest).toContainText('Der Plan kommt morgen.');
    await expectNoSeriousA11yViolations(page);

    await latest.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Chat Übersicht' });
    const conversations = dialog.getByRole('list', { name: 'Unterhaltungen' });
    await expect(conversations).toContainText('Klara Kundin');
    await expect(conversations).not.toContainText(client.username);
  });

  test('first steps: a new architect is asked for the first customer, then for the first project', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const hint = page.getByRole('complementary', { name: 'Legen Sie Ihre erste Kundin oder Ihren ersten Kunden an' });
    await expect(hint).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await hint.getByRole('button', { name: 'Kunde/Kundin anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuen Benutzer erstellen' });
    await expect(dialog).toBeVisible();
    const username = uniqueName('kunde');
    await fillCustomerDialog(page, { username, email: `${username}@e2e.bauakte.test`, firstName: 'Maria', lastName: 'Gruber' });

    const next = page.getByRole('complementary', { name: 'Legen Sie Ihr erstes Projekt an' });
    await expect(next).toBeVisible();
    await next.getByRole('button', { name: 'Erstes Projekt anlegen' }).click();
    const create = page.getByRole('dialog', { name: 'Neues Projekt erstellen' });
    await create.getByLabel('Projektname').fill('Erstes Haus');
    await expect(create.getByLabel('Kunde/Kundin').locator(`option[value="${username}"]`)).toHaveCount(1);
    await create.getByLabel('Kunde/Kundin').selectOption(username);
    await create.getByLabel('Straße').fill('Annenstraße');
    await create.getByLabel('Hausnummer').fill('12');
    await create.getByLabel('Postleitzahl').fill('8020');
    await create.getByLabel('Ort').fill('Graz');
    await create.getByLabel('Land').fill('Österreich');
    await create.getByRole('button', { name: 'Projekt erstellen' }).click();
    await expect(create).toHaveCount(0);
    await expect(projectItems(page)).toHaveCount(1);
    await expect(next).toHaveCount(0);
    await expect(hint).toHaveCount(0);
  });

  test("first steps on a phone: the admin without teams reads 'Team anlegen, dann Architekt/in einladen'", async ({ page }) => {
    // Other tests of the run create teams in the shared database: the team list is answered empty here.
    await page.route('**/api/team/allTeams', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin(page);
    const hint = page.getByRole('complementary', { name: 'Team anlegen, dann Architekt/in einladen' });
    await expect(hint).toBeVisible();
    await expect(hint).toContainText('„Neues Team erstellen“');
    await expectNoSeriousA11yViolations(page);
  });

  test("'Alle Projekte' works on a phone", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    const token = await apiToken(request, architect);
    await projectViaApi(request, token, { name: 'Dachausbau Graz', street: 'Annenstraße', number: '12', city: 'Graz', postalCode: '8020' });
    await projectViaApi(request, token, { name: 'Keller Wien', street: 'Praterstraße', number: '1', city: 'Wien', postalCode: '1020' });
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const search = allProjects(page).getByRole('searchbox', { name: 'Projekte durchsuchen' });
    await search.scrollIntoViewIfNeeded();
    await search.fill('8020');
    await expect(projectItems(page)).toHaveCount(1);
    await expect(projectItems(page).first()).toContainText('Dachausbau Graz');
    const box = await allProjects(page).boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});
