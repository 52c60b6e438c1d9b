import { expect, test, type Page } from '@playwright/test';
import { createArchitectViaApi } from './support/accounts';
import { expectLoggedOut, loginAs } from './support/fixtures';

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Profil', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await expect(dialog.getByLabel('Vorname')).toBeVisible();
  return dialog;
}

test.describe('profile modal', () => {
  test('edits the first name and keeps it', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    let dialog = await openProfile(page);
    await expect(dialog.getByRole('heading', { name: `Profil von ${architect.username}` })).toBeVisible();
    await expect(dialog.getByLabel('Vorname')).toHaveValue('Erika');
    await dialog.getByLabel('Vorname').fill('Eleonore');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toHaveCount(0);

    dialog = await openProfile(page);
    await expect(dialog.getByLabel('Vorname')).toHaveValue('Eleonore');
    await expect(dialog.getByLabel('Nachname')).toHaveValue('Muster');
  });

  test('changes the password, which the next login needs', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    const newPassword = 'profil-passwort-neu';
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    const dialog = await openProfile(page);
    await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Neues Passwort wiederholen').fill(`${newPassword}x`);
    await expect(dialog.getByText(/Die beiden Passwörter stimmen nicht überein/)).toBeVisible();
    await dialog.getByLabel('Neues Passwort wiederholen').fill(newPassword);
    await expect(dialog.getByText(/Die beiden Passwörter stimmen nicht überein/)).toHaveCount(0);
    await expect(dialog.getByText(/^Passwortstärke: /)).toBeVisible();
    await dialog.getByLabel('Aktuelles Passwort').fill(architect.password);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginAs(page, architect.username, architect.password);
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch.');
    await loginAs(page, architect.username, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("changing the e-mail address asks for 'Aktuelles Passwort', refuses a wrong one and saves with the right one", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    const newEmail = `neu-${architect.email}`;
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    let dialog = await openProfile(page);
    await expect(dialog.getByLabel('Aktuelles Passwort')).toHaveCount(0);
    await dialog.getByLabel('E-Mail').fill(newEmail);
    const current = dialog.getByLabel('Aktuelles Passwort');
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('type', 'password');

    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Bitte geben Sie Ihr aktuelles Passwort ein.', { exact: true })).toBeVisible();

    await current.fill('ein-falsches-passwort');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Das aktuelle Passwort ist falsch.', { exact: true })).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    await current.fill(architect.password);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toHaveCount(0);

    dialog = await openProfile(page);
    await expect(dialog.getByLabel('E-Mail')).toHaveValue(newEmail);
    await expect(dialog.getByLabel('Aktuelles Passwort')).toHaveCount(0);
  });

  test("deleting one's own profile asks first, says 'Profil gelöscht.' and logs out", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    const dialog = await openProfile(page);
    await dialog.getByRole('button', { name: 'Profil löschen' }).click();
    const question = page.getByRole('alertdialog', { name: 'Möchtest du das Profil wirklich löschen?' });
    await question.getByRole('button', { name: 'Profil löschen' }).click();
    const notice = page.getByRole('alertdialog', { name: 'Profil gelöscht.' });
    await notice.getByRole('button', { name: 'OK' }).click();
    await expectLoggedOut(page);

    await loginAs(page, architect.username, architect.password);
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch.');
  });
});
