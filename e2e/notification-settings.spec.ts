import { expect, test, type Page } from '@playwright/test';
import { createArchitectViaApi } from './support/accounts';
import { loginAs } from './support/fixtures';

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Benachrichtigungseinstellungen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benachrichtigungseinstellungen' });
  await expect(dialog.getByRole('group', { name: 'Formular-Benachrichtigungen' })).toBeVisible();
  return dialog;
}

test('an architect chooses notification options, saves and finds them again', async ({ page, request }) => {
  const architect = await createArchitectViaApi(request);
  await loginAs(page, architect.username, architect.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  let dialog = await openSettings(page);
  await expect(dialog.getByRole('checkbox', { name: 'Bei jeder neuen Nachricht' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Keine Chat-Benachrichtigungen' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Bei jeder neuen Nachricht' })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Ab 95 % Fortschritt' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Wenn das Formular vollständig ist (100 %)' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);

  dialog = await openSettings(page);
  await expect(dialog.getByRole('checkbox', { name: 'Keine Chat-Benachrichtigungen' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Bei jeder neuen Nachricht' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Ab 95 % Fortschritt' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Wenn das Formular vollständig ist (100 %)' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
});
