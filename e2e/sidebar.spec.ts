import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './support/fixtures';

test.describe('sidebar', () => {
  test('collapses to icons with ctrl+B and keeps that state across a reload', async ({ page }) => {
    await loginAsAdmin(page);
    const sidebar = page.locator('aside');
    await expect(sidebar).toHaveCSS('width', '256px');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveCSS('width', '48px');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sidebar_state')?.value).toBe('false');
    await page.reload();
    await expect(page.locator('aside')).toHaveCSS('width', '48px');
    await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
    await expect(page.locator('aside')).toHaveCSS('width', '256px');
  });

  test('opens the user overview dialog from the admin sidebar', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole('button', { name: 'Registrierte Nutzer' }).click();
    await expect(page.getByRole('dialog', { name: 'Benutzerübersicht' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('on a phone the sidebar is a sheet of 18rem', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAsAdmin(page);
    await expect(page.locator('aside')).toBeHidden();
    await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveCSS('width', '288px');
    await expect(sheet.getByText('Willkommen admin')).toBeVisible();
  });
});
