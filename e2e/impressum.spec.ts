import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/fixtures';

test('the Impressum shows the operator details and its back button returns', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Impressum' }).click();
  await expect(page).toHaveURL(/\/impressum$/);
  await expect(page.getByRole('heading', { name: 'Impressum' })).toBeVisible();
  await expect(page.getByText('Firmenbuchnummer')).toBeVisible();
  await expect(page.getByText('FN 123456 a')).toBeVisible();
  await expect(page.getByText('Softwareentwicklung')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
