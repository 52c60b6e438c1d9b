import { expect, test, type Page } from '@playwright/test';
import { createArchitectViaApi } from './support/accounts';
import { loginAs } from './support/fixtures';

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
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginAs(page, architect.username, architect.password);
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch.');
    await loginAs(page, architect.username, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
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
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    await loginAs(page, architect.username, architect.password);
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch.');
  });
});
