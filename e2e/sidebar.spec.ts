import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { loginAs, loginAsAdmin } from './support/fixtures';
import { seedClientProject, selectProjectInSession } from './support/questionnaire-seed';

test.describe('sidebar', () => {
  test('collapses to icons with ctrl+B and keeps that state across a reload', async ({ page }) => {
    await loginAsAdmin(page);
    const sidebar = page.locator('aside[data-state]');
    await expect(sidebar).toHaveCSS('width', '256px');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveCSS('width', '48px');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sidebar_state')?.value).toBe('false');
    await page.reload();
    await expect(page.locator('aside[data-state]')).toHaveCSS('width', '48px');
    await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
    await expect(page.locator('aside[data-state]')).toHaveCSS('width', '256px');
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
    await expect(page.locator('aside[data-state]')).toBeHidden();
    await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveCSS('width', '288px');
    // Named once: no description repeats 'Navigation' after the name.
    await expect(sheet).toHaveAccessibleDescription('');
    await expect(sheet.getByText('Willkommen admin')).toBeVisible();
  });
});

/** An architect logged in on a project's overview: the sidebar with the project's full menu. */
async function architectInsideProject(page: Page, request: APIRequestContext): Promise<Locator> {
  const { architect, projectId } = await seedClientProject(request);
  await loginAs(page, architect.username, architect.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await selectProjectInSession(page, projectId);
  await page.goto('/projectOverview');
  const sidebar = page.getByRole('navigation', { name: 'Navigation' });
  await expect(sidebar.getByRole('link', { name: 'Heizung' })).toBeVisible();
  return sidebar;
}

test.describe('sidebar on a laptop screen (1366 × 768)', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("keeps Impressum, Datenschutz and Logout in view beside the architect's full menu, and breaks long titles at the compound's joint", async ({ page, request }) => {
    const sidebar = await architectInsideProject(page, request);
    for (const name of ['Impressum', 'Datenschutzerklärung']) await expect(sidebar.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });

    // 'Benachrichtigungseinstellungen' is too long for one line: it wraps as 'Benachrichtigungs' / 'einstellungen', never inside a part.
    const title = sidebar.getByRole('button', { name: 'Benachrichtigungseinstellungen' }).locator('span');
    const lines = await title.evaluate((span) =>
      Array.from(span.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return { text: node.textContent, boxes: range.getClientRects().length };
        }),
    );
    expect(lines).toEqual([
      { text: 'Benachrichtigungs', boxes: 1 },
      { text: 'einstellungen', boxes: 1 },
    ]);
  });

  test("shows the architect's notification and settings entries inside a project without scrolling", async ({ page, request }) => {
    const sidebar = await architectInsideProject(page, request);
    for (const name of ['Projekt erstellen', 'Benachrichtigungen anzeigen', 'Nutzer kontaktieren', 'Benachrichtigungseinstellungen', 'Profil']) {
      await expect(sidebar.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    }
    for (const name of ['Impressum', 'Datenschutzerklärung']) await expect(sidebar.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
    // Nothing lies hidden in the list: it does not scroll at all.
    const scrolls = await sidebar.locator('[data-sidebar-content]').evaluate((list) => list.scrollHeight > list.clientHeight);
    expect(scrolls).toBe(false);
  });
});
