import { expect, test } from '@playwright/test';
import { createArchitectViaApi } from './support/accounts';
import { loginAs } from './support/fixtures';
import { cardOf } from './support/portal';

// index.html asks for the logged-in pages early, from an inline script the CSP allows by its hash.
test.describe('start of a logged-in page', () => {
  test('a reload of the dashboard fetches the shell code from the head, with no script blocked', async ({ page, request }) => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to execute/i.test(message.text())) blocked.push(message.text());
    });
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.reload();
    await expect(cardOf(page, 'Projekte mit Neuerungen')).toBeVisible();
    await expect(page.locator('head link[rel="modulepreload"][href*="/assets/logged-in-pages-"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="stylesheet"][href*="/assets/logged-in-pages-"]')).toHaveCount(1);
    expect(blocked).toEqual([]);
  });

  test('the login page loads none of it', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Willkommen Zurück!' })).toBeVisible();
    await expect(page.locator('head link[href*="/assets/logged-in-pages-"]')).toHaveCount(0);
    expect(requested.some((path) => path.includes('logged-in-pages'))).toBe(false);
  });

  test("the page's HTML carries its stylesheet and a loading status, so it paints before any script or stylesheet arrives", async ({ page, request }) => {
    const html = await (await request.get('/login')).text();
    expect(html).toMatch(/<style>[^<]*\.p-6\{/);
    expect(html).toContain('<div id="root"><p role="status" class="p-6">Laden...</p></div>');
    const stylesheets: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'stylesheet') stylesheets.push(new URL(req.url()).pathname);
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Willkommen Zurück!' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Laden...' })).toHaveCount(0);
    expect(stylesheets).toEqual([]);
  });
});
