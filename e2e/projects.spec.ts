import { expect, test } from '@playwright/test';
import { createArchitectViaApi, uniqueName } from './support/accounts';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { cardOf, createCustomerThroughApp, createProjectThroughApp, registerCustomerFromMail } from './support/portal';
import { seedClientProject } from './support/questionnaire-seed';

const missingProjectText = 'Fehler bei der Projektzuordnung. Sie werden zur Startseite weitergeleitet.';

test.describe('customers, projects, dashboards and the project overview', () => {
  // Waits for invitation mails; both workers share one server.
  test.describe.configure({ timeout: 150_000 });

  test('an architect invites a customer and creates their project; both find it on their dashboards', async ({ page, request, browser }) => {
    test.setTimeout(240_000);
    const architect = await createArchitectViaApi(request);
    const customerName = uniqueName('kundin');
    const customer = { username: customerName, email: `${customerName}@e2e.bauakte.test` };
    const customerPassword = 'e2e-kundin-passwort';
    const projectName = uniqueName('Sanierung');

    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The architect by name (createArchitectViaApi registers 'Erika Muster'), not by username.
    await expect(cardOf(page, 'Benutzerinformationen')).toContainText('Erika Muster');
    await expect(cardOf(page, 'Benutzerinformationen')).toContainText('Architekt/in');
    await createCustomerThroughApp(page, customer);

    const customerPage = await registerCustomerFromMail(browser, customer, customerPassword);

    // The customer overview shows the customer as registered now.
    await page.getByRole('button', { name: 'Registrierte Nutzer' }).click();
    const overview = page.getByRole('dialog', { name: 'Kundenübersicht' });
    const customerRow = overview.getByRole('row').filter({ hasText: customer.email });
    await expect(customerRow).toContainText('Registriert');
    // 'Erstellt von' names the architect (every e2e architect registers as Erika Muster), the username on hover.
    await expect(customerRow).toContainText('Erika Muster');
    await expect(customerRow.getByTitle(architect.username)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overview).toHaveCount(0);

    await createProjectThroughApp(page, projectName, customer.username);
    const news = cardOf(page, 'Projekte mit Neuerungen');
    const newsRow = news.getByRole('button', { name: new RegExp(projectName) });
    await expect(newsRow).toContainText('Neu');
    // The customer by name; the username shows on hover.
    await expect(newsRow).toContainText('Klara Kundin');
    await expect(newsRow.getByTitle(customer.username)).toHaveText('Klara Kundin');
    await expectNoSeriousA11yViolations(page);

    await newsRow.click();
    await expect(page).toHaveURL(/\/projectOverview$/);
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    await expect(cardOf(page, 'Projektinformationen')).toContainText('Fortschritt:');
    await expect(cardOf(page, 'Projektinformationen')).toContainText('63101');
    await expect(cardOf(page, 'Projektinformationen')).toContainText('Klara Kundin');
    await expect(page.getByRole('progressbar', { name: 'Fortschritt:' })).toHaveAttribute('aria-valuemax', '100');
    await expect(cardOf(page, 'Aktionen')).toBeVisible();
    await expect(cardOf(page, 'Projektdateien')).toContainText('Noch keine Dateien vorhanden.');
    await expectNoSeriousA11yViolations(page);

    // Opening the project cleared its news mark.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(news.getByText('Keine neuen Projekte')).toBeVisible();
    await expect(news.getByRole('button', { name: new RegExp(projectName) })).toHaveCount(0);

    // The customer (logged in before the project existed) sees it on the next visit, without the architects' actions.
    await customerPage.reload();
    const clientProjects = cardOf(customerPage, 'Projektübersicht');
    const clientRow = clientProjects.getByRole('button', { name: new RegExp(projectName) });
    await expect(clientRow).toContainText('Annenstraße 12, Graz, Österreich');
    await expect(cardOf(customerPage, 'Benutzerinformationen')).toContainText('Kunde/Kundin');
    await expectNoSeriousA11yViolations(customerPage);
    await clientRow.click();
    await expect(customerPage).toHaveURL(/\/projectOverview$/);
    await expect(cardOf(customerPage, 'Projektinformationen')).toContainText('Fortschritt:');
    await expect(cardOf(customerPage, 'Projektdateien')).toBeVisible();
    await expect(cardOf(customerPage, 'Aktionen')).toHaveCount(0);
    await expect(customerPage.getByRole('button', { name: 'Projekt exportieren' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(customerPage);

    await customerPage.goto('/admin');
    await expect(customerPage).toHaveURL(/\/unauthorized$/);
    await customerPage.context().close();
  });

  test("the architect opens a customer's profile from 'Kundenübersicht' and saves new details; password and e-mail stay the customer's", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    const customerName = uniqueName('kundin');
    const customer = { username: customerName, email: `${customerName}@e2e.bauakte.test` };
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await createCustomerThroughApp(page, customer);

    await page.getByRole('button', { name: 'Registrierte Nutzer' }).click();
    await page.getByRole('dialog', { name: 'Kundenübersicht' }).getByRole('button', { name: `Profil von ${customerName} öffnen` }).click();
    const profile = page.getByRole('dialog', { name: 'Profil bearbeiten' });
    await expect(profile.getByRole('heading', { name: `Profil von ${customerName}` })).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Passwort ändern' })).toHaveCount(0);
    await expect(profile.getByLabel('E-Mail')).toHaveAttribute('readonly', '');
    await expect(profile).toContainText('Die E-Mail-Adresse kann nur die Person selbst ändern, der das Konto gehört.');
    await profile.getByLabel('Nachname').fill('Kern');
    await profile.getByLabel('Telefonnummer').fill('+43 316 1234');
    await profile.getByRole('button', { name: 'Speichern' }).click();
    await expect(profile).toHaveCount(0);

    await page.getByRole('button', { name: 'Registrierte Nutzer' }).click();
    const overview = page.getByRole('dialog', { name: 'Kundenübersicht' });
    await expect(overview.getByRole('row').filter({ hasText: customer.email })).toContainText('Klara Kern');
    await overview.getByRole('button', { name: `Profil von ${customerName} öffnen` }).click();
    await expect(profile.getByLabel('Telefonnummer')).toHaveValue('+43 316 1234');
    await expect(profile.getByLabel('E-Mail')).toHaveValue(customer.email);
  });

  test('/projectOverview without a selected project warns and returns to the dashboard', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/projectOverview');
    await expect(page.getByRole('alertdialog', { name: missingProjectText })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expect(cardOf(page, 'Projekte mit Neuerungen')).toBeVisible();
  });

  test("a house number such as '12/3/5' is taken as typed and shown on the project overview", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    const projectName = uniqueName('Zubau');
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await createProjectThroughApp(page, projectName, null, '12/3/5');

    await page.getByRole('button', { name: 'Projektübersicht' }).click();
    const list = page.getByRole('dialog', { name: 'Projektübersicht' });
    await list.getByRole('row').filter({ hasText: projectName }).getByRole('button').click();
    await expect(page).toHaveURL(/\/projectOverview$/);
    await expect(cardOf(page, 'Projektinformationen')).toContainText('Annenstraße 12/3/5, 8020 Graz, Österreich');
  });

  test('the project list opens a project by a full page load, which is then edited and deleted', async ({ page, request }) => {
    const { architect, projectId } = await seedClientProject(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Projektübersicht' }).click();
    const list = page.getByRole('dialog', { name: 'Projektübersicht' });
    await list.getByRole('row').nth(1).getByRole('button').click();
    await expect(page).toHaveURL(/\/projectOverview$/);
    expect(await page.evaluate(() => sessionStorage.getItem('projectId'))).toBe(String(projectId));
    await expect(cardOf(page, 'Aktionen')).toBeVisible();

    const newName = uniqueName('Umbau');
    await page.getByRole('button', { name: 'Projekt bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Projekt bearbeiten' });
    await dialog.getByLabel('Projektname').fill(newName);
    await dialog.getByLabel('Beschreibung (optional)').fill('Dach und Fenster');
    await dialog.getByLabel('Katastralgemeinde (KG-Nummer)').fill('500');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Der Wert darf nicht kleiner als 01002 sein.')).toBeVisible();
    await dialog.getByLabel('Katastralgemeinde (KG-Nummer)').fill('63101');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await expect(cardOf(page, 'Projektinformationen')).toContainText('Dach und Fenster');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

    await page.getByRole('button', { name: 'Projekt löschen' }).click();
    const question = page.getByRole('alertdialog', { name: `Soll das Projekt "${newName}" wirklich gelöscht werden?` });
    await question.getByRole('button', { name: 'Projekt löschen' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('projectId'))).toBeNull();
    await page.getByRole('button', { name: 'Projektübersicht' }).click();
    await expect(page.getByRole('dialog', { name: 'Projektübersicht' }).getByText('Es gibt noch keine Projekte')).toBeVisible();
  });

  test("the link of a notice mail (/projectOverview?projectId=…) opens that project", async ({ page, request }) => {
    const { architect, projectId } = await seedClientProject(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/projectOverview?projectId=${projectId}`);
    await expect(page).toHaveURL(/\/projectOverview$/);
    await expect(cardOf(page, 'Projektinformationen')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('projectId'))).toBe(String(projectId));
  });
});
