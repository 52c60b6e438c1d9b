import { expect, test } from '@playwright/test';
import { createArchitectViaApi, inviteArchitectViaApi, uniqueName } from './support/accounts';
import { loginAs, loginAsAdmin } from './support/fixtures';
import { appPathOf, linkIn, waitForMail } from './support/mail';

test.describe('accounts: invitation, registration, password reset', () => {
  test('an admin invites an architect, who registers through the mailed link and logs in', async ({ page }) => {
    const team = uniqueName('Team');
    const username = uniqueName('archi');
    const email = `${username}@e2e.bauakte.test`;
    const password = 'mein-neues-passwort';

    await loginAsAdmin(page);
    const createTeam = page.getByRole('region', { name: 'Neues Team erstellen' });
    await createTeam.getByLabel('Teamname').fill(team);
    await createTeam.getByRole('button', { name: 'Team erstellen' }).click();
    await expect(createTeam.getByRole('status')).toContainText(team);

    const createUser = page.getByRole('region', { name: 'Benutzer erstellen' });
    await createUser.getByLabel('Team').selectOption(team);
    await createUser.getByLabel('Benutzername').fill(username);
    await createUser.getByLabel('Vorname').fill('Erika');
    await createUser.getByLabel('Nachname').fill('Muster');
    await createUser.getByLabel('E-Mail').fill(email);
    await createUser.getByRole('button', { name: 'Benutzer erstellen' }).click();
    await expect(createUser.getByRole('status')).toHaveText('Benutzer erfolgreich erstellt.');

    const teams = page.getByRole('region', { name: 'Alle Teams & Mitglieder' });
    const teamItem = teams.getByRole('listitem').filter({ has: page.getByRole('heading', { name: team, exact: true }) });
    // The new member by the name the admin gave, the username on hover.
    const members = teamItem.getByRole('list', { name: `Mitglieder von ${team}` });
    await expect(members).toContainText('Erika Muster');
    await expect(members.getByTitle(username)).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const mail = await waitForMail(email, /Einladung/);
    await page.goto(appPathOf(linkIn(mail, '/register?token=')));
    await expect(page.getByRole('heading', { name: 'Registrieren' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await expect(page.getByLabel('Username')).not.toBeEditable();
    await expect(page.getByLabel('Vorname')).toHaveValue('Erika');
    await expect(page.getByLabel('Straße')).toHaveCount(0);

    await page.getByLabel('Telefon').fill('+43 1 234 56 78');
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByLabel('Passwort bestätigen').fill(password);
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByRole('status')).toHaveText('Registrierung erfolgreich!');
    // The login page keeps saying so, with the username filled in (handed over in the router state, not the URL).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toHaveText('Registrierung abgeschlossen — bitte melden Sie sich an');
    await expect(page.getByLabel('Benutzername')).toHaveValue(username);
    await expect(page.getByLabel('Passwort')).toBeFocused();
    await page.getByLabel('Passwort').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Willkommen ${username}`)).toBeVisible();
  });

  test("registration refuses different passwords with 'Passwörter stimmen nicht überein!'", async ({ page, request }) => {
    const invitation = await inviteArchitectViaApi(request);
    await page.goto(invitation.registerPath);
    await page.getByLabel('Telefon').fill('+43 1 234');
    await page.getByLabel('Passwort', { exact: true }).fill('ein-langes-passwort');
    await page.getByLabel('Passwort bestätigen').fill('ein-anderes-passwort');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByText('Passwörter stimmen nicht überein!')).toBeVisible();
    await expect(page).toHaveURL(/\/register\?token=/);

    // The invitation is still unused: the link keeps working.
    await page.reload();
    await expect(page.getByLabel('Username')).toHaveValue(invitation.username);
  });

  test('registration refuses a guessable password and shows its strength while typing', async ({ page, request }) => {
    const invitation = await inviteArchitectViaApi(request);
    await page.goto(invitation.registerPath);
    await page.getByLabel('Telefon').fill('+43 1 234');
    const password = page.getByLabel('Passwort', { exact: true });
    await password.fill('12345678');
    const meter = page.getByRole('meter', { name: 'Passwortstärke' });
    await expect(meter).toHaveAttribute('aria-valuetext', 'sehr schwach');
    await expect(page.getByText('Passwortstärke: sehr schwach')).toBeVisible();
    await page.getByLabel('Passwort bestätigen').fill('12345678');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByText('Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein längeres oder ungewöhnlicheres Passwort.')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register\?token=/);

    await password.fill('Kaffee-Tasse-Mond-42');
    await expect(meter).toHaveAttribute('aria-valuetext', 'sehr stark');
    await page.getByLabel('Passwort bestätigen').fill('Kaffee-Tasse-Mond-42');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByRole('status')).toHaveText('Registrierung erfolgreich!');
  });

  test('a forgotten password is reset through the mailed link', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    const newPassword = 'frisch-gesetztes-passwort';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page).toHaveURL(/\/forgotPassword$/);
    await page.getByLabel('Benutzername').fill(architect.username);
    await page.getByLabel('E-Mail-Adresse').fill(architect.email);
    await page.getByRole('button', { name: 'Senden' }).click();
    await expect(page.getByRole('status')).toHaveText('Eine E-Mail zum Zurücksetzen des Passworts wurde gesendet.');

    const mail = await waitForMail(architect.email, /Passwort/);
    await page.goto(appPathOf(linkIn(mail, '/reset-password?token=')));
    await expect(page.getByText(architect.username, { exact: true })).toBeVisible();
    await expect(page.getByText(architect.email, { exact: true })).toBeVisible();
    await page.getByLabel('Neues Passwort').fill(newPassword);
    await page.getByLabel('Passwort bestätigen').fill(newPassword);
    await page.getByRole('button', { name: 'Passwort setzen' }).click();
    await expect(page.getByRole('status')).toHaveText('Passwort wurde erfolgreich gesetzt!');
    await expect(page).toHaveURL(/\/login$/);

    await loginAs(page, architect.username, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
