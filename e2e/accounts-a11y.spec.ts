import { expect, test } from '@playwright/test';
import { createArchitectViaApi, inviteArchitectViaApi } from './support/accounts';
import { expectNoSeriousA11yViolations, loginAs, loginAsAdmin } from './support/fixtures';
import { appPathOf, linkIn, waitForMail } from './support/mail';

test.describe('accessibility of the account pages and modals (axe)', () => {
  test('/register', async ({ page, request }) => {
    const invitation = await inviteArchitectViaApi(request);
    await page.goto(invitation.registerPath);
    await expect(page.getByLabel('Username')).toHaveValue(invitation.username);
    await expectNoSeriousA11yViolations(page);
    // With the field errors showing, too.
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByText('Bitte wählen Sie ein Passwort.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('/forgotPassword', async ({ page }) => {
    await page.goto('/forgotPassword');
    await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('/reset-password', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    const asked = await request.post('/api/auth/forgotPassword', { data: { username: architect.username, email: architect.email } });
    expect(asked.status()).toBe(200);
    const mail = await waitForMail(architect.email, /Passwort/);
    await page.goto(appPathOf(linkIn(mail, '/reset-password?token=')));
    await expect(page.getByText(architect.email, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Neues Passwort').fill('passwort');
    await expect(page.getByRole('meter', { name: 'Passwortstärke' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('/admin and its confirmation dialog', async ({ page }) => {
    await loginAsAdmin(page);
    const teams = page.getByRole('region', { name: 'Alle Teams & Mitglieder' });
    await expect(teams.getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await teams.getByRole('button', { name: 'Löschen' }).first().click();
    const question = page.getByRole('alertdialog');
    await expect(question).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(question).toHaveCount(0);
  });

  test('the open profile modal', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Profil', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
    await expect(dialog.getByLabel('Vorname')).toBeVisible();
    await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
    await dialog.getByRole('button', { name: 'Neue Adresse eingeben' }).click();
    await expectNoSeriousA11yViolations(page);
    // With the strength meter and 'Aktuelles Passwort' showing, and the latter's message.
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill('passwort1');
    await expect(dialog.getByRole('meter', { name: 'Passwortstärke' })).toBeVisible();
    await dialog.getByLabel('Neues Passwort wiederholen').fill('passwort1');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Bitte geben Sie Ihr aktuelles Passwort ein.', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
