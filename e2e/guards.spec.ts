import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './support/fixtures';

test.describe('route guards', () => {
  for (const path of ['/dashboard', '/dashboardClient', '/projectOverview', '/admin', '/general']) {
    test(`${path} without a session redirects to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('an admin on an architect page lands on /unauthorized with a way back', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
    await expect(page).toHaveTitle('Kein Zugriff – Bauakte');
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('an unknown path shows a German not-found page', async ({ page }) => {
    await page.goto('/gibt-es-nicht');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page).toHaveTitle('Seite nicht gefunden – Bauakte');
  });
});
