import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createArchitectViaApi, uniqueName } from './support/accounts';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { appPathOf, linkIn, waitForMail } from './support/mail';

/** An architect invites a customer who has no name, e-mail-free address or details yet: answers the /register path. */
async function inviteBareCustomer(request: APIRequestContext): Promise<{ username: string; registerPath: string }> {
  const architect = await createArchitectViaApi(request);
  const login = await request.post('/api/auth/login', { data: { username: architect.username, password: architect.password } });
  const { token } = (await login.json()) as { token: string };
  const username = uniqueName('kunde');
  const email = `${username}@e2e.bauakte.test`;
  const created = await request.post('/api/ClientManagment', {
    data: { username, firstName: 'Klara', lastName: 'Kundin', email },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status(), 'customer created').toBe(201);
  return { username, registerPath: appPathOf(linkIn(await waitForMail(email, /Einladung/), '/register?token=')) };
}

/**
 * The first administrator comes from ADMIN_USERNAME/ADMIN_PASSWORD without e-mail or names. The run's
 * own admin is shared by every spec (changing its password would end their sessions), so this test
 * makes such an administrator of a fresh account, directly in the server's database.
 */
async function freshAdministrator(request: APIRequestContext): Promise<{ username: string; password: string }> {
  const account = await createArchitectViaApi(request);
  const database = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'app.db'));
  try {
    database
      .prepare("UPDATE users SET role = 'ADMIN', email = '', first_name = '', last_name = '', phone_number = '' WHERE username = ?")
      .run(account.username);
  } finally {
    database.close();
  }
  return { username: account.username, password: account.password };
}

test.describe('forms in German', () => {
  test('registration on a phone: required fields marked, German messages beside the fields on an empty submit, Land prefilled, Gemeinde optional', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const invitation = await inviteBareCustomer(request);
    await page.goto(invitation.registerPath);
    await expect(page.getByRole('heading', { name: 'Registrieren' })).toBeVisible();
    await expect(page.getByText('Mit * gekennzeichnete Felder sind Pflichtfelder.')).toBeVisible();
    for (const label of ['Vorname', 'Nachname', 'E-Mail', 'Telefon', 'Straße', 'Hausnummer', 'Postleitzahl', 'Ort', 'Land']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-required', 'true');
    }
    await expect(page.getByLabel('Gemeinde')).not.toHaveAttribute('aria-required', 'true');
    await expect(page.getByLabel('Land')).toHaveValue('Österreich');

    await page.getByLabel('Vorname').fill('');
    await page.getByLabel('Nachname').fill('');
    await page.getByLabel('E-Mail').fill('');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    const messages: [string, string][] = [
      ['Vorname', 'Bitte geben Sie den Vornamen ein.'],
      ['Nachname', 'Bitte geben Sie den Nachnamen ein.'],
      ['E-Mail', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      ['Telefon', 'Bitte geben Sie die Telefonnummer ein.'],
      ['Straße', 'Bitte geben Sie die Straße ein.'],
      ['Postleitzahl', 'Bitte geben Sie die Postleitzahl ein.'],
      ['Ort', 'Bitte geben Sie den Ort ein.'],
    ];
    for (const [label, message] of messages) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel('Vorname')).toBeFocused();
    await expect(page.getByLabel('Gemeinde')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Vorname').fill('Klara');
    await page.getByLabel('Nachname').fill('Kundin');
    await page.getByLabel('E-Mail').fill(`${invitation.username}@e2e.bauakte.test`);
    await page.getByLabel('Telefon').fill('+43 316 123456');
    await page.getByLabel('Straße').fill('Annenstraße');
    await page.getByLabel('Hausnummer').fill('12');
    await page.getByLabel('Postleitzahl').fill('802');
    await page.getByLabel('Ort', { exact: true }).fill('Graz');
    await page.getByLabel('Passwort', { exact: true }).fill('Dachboden-Fenster-42');
    await page.getByLabel('Passwort bestätigen').fill('Dachboden-Fenster-42');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByLabel('Postleitzahl')).toHaveAccessibleDescription('Österreichische Postleitzahlen haben vier Ziffern, z. B. 1060.');
    await page.getByLabel('Postleitzahl').fill('8020');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByRole('status')).toHaveText('Registrierung erfolgreich!');
  });

  test("the first administrator opens 'Profil', sets an e-mail address and a new password, and logs in with it", async ({ page, request }) => {
    const admin = await freshAdministrator(request);
    const newPassword = 'Admin-Dachboden-42';
    await loginAs(page, admin.username, admin.password);
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByRole('button', { name: 'Profil', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
    await expect(dialog.getByRole('heading', { name: `Profil von ${admin.username}` })).toBeVisible();
    // The form arrives after the dialog opened (its code, then the profile): its first field takes the focus.
    await expect(dialog.getByLabel('Vorname')).toBeFocused();
    await expect(dialog.getByLabel('E-Mail')).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Neue Adresse eingeben' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByLabel('Vorname')).toHaveAccessibleDescription('Bitte geben Sie den Vornamen ein.');
    await expect(dialog.getByLabel('Vorname')).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel('Vorname').fill('Erika');
    await dialog.getByLabel('Nachname').fill('Chef');
    await dialog.getByLabel('E-Mail').fill(`${admin.username}@e2e.bauakte.test`);
    await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Neues Passwort wiederholen').fill(newPassword);
    await dialog.getByLabel('Aktuelles Passwort').fill(admin.password);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginAs(page, admin.username, admin.password);
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch.');
    await loginAs(page, admin.username, newPassword);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('button', { name: 'Profil', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Profil bearbeiten' }).getByLabel('E-Mail')).toHaveValue(`${admin.username}@e2e.bauakte.test`);
  });

  for (const size of [{ name: 'desktop', width: 1366, height: 768 }, { name: 'phone', width: 390, height: 844 }]) {
    test(`a dialog with a form opens on its first field, not on its close button (${size.name})`, async ({ page, request }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const architect = await createArchitectViaApi(request);
      await loginAs(page, architect.username, architect.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      if (size.width < 768) await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
      await page.getByRole('navigation', { name: 'Navigation' }).getByRole('button', { name: 'Nutzer hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Neuen Benutzer erstellen' });
      await expect(dialog.getByLabel('Benutzername')).toBeFocused();
      await expect(dialog.getByRole('button', { name: 'Schließen' })).not.toBeFocused();
    });
  }

  test("the username rule stands beside 'Benutzername' in the admin's 'Benutzer erstellen' before any error", async ({ page, request }) => {
    const admin = await freshAdministrator(request);
    await loginAs(page, admin.username, admin.password);
    const createUser = page.getByRole('region', { name: 'Benutzer erstellen' });
    await expect(createUser.getByLabel('Benutzername')).toHaveAccessibleDescription(/^Buchstaben .* und Ziffern, ohne Leer- und Sonderzeichen, höchstens 50 Zeichen\.$/);
    await createUser.getByRole('button', { name: 'Benutzer erstellen' }).click();
    await expect(createUser.getByLabel('Team')).toBeFocused();
    await expect(createUser.getByLabel('Team')).toHaveAccessibleDescription('Bitte wählen Sie ein Team.');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Datenschutzerklärung', () => {
  test('is linked beside the Impressum on the login page and shows the operator as controller', async ({ page }) => {
    await page.goto('/login');
    const legal = page.getByRole('navigation', { name: 'Rechtliches' });
    await expect(legal.getByRole('link', { name: 'Impressum' })).toBeVisible();
    await legal.getByRole('link', { name: 'Datenschutzerklärung' }).click();
    await expect(page).toHaveURL(/\/datenschutz$/);
    await expect(page).toHaveTitle('Datenschutzerklärung – Bauakte');
    await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
    await expect(page.getByText('Bauakte Software GmbH')).toBeVisible();
    await expect(page.getByText(/Mariahilfer Straße 1, 1060 Wien, Österreich/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'office@bauakte.at' })).toHaveAttribute('href', 'mailto:office@bauakte.at');
    await expect(page.getByText(/Österreichischen Datenschutzbehörde/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("is linked from the architect's and the admin's sidebar", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Datenschutzerklärung' }).click();
    await expect(page).toHaveURL(/\/datenschutz$/);
    await expect(page.getByText(/Art\. 6 Abs\. 1 lit\. b DSGVO/)).toBeVisible();

    await page.getByRole('button', { name: 'Zurück' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const admin = await freshAdministrator(request);
    await loginAs(page, admin.username, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
  });
});
