import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { e2eAdmin } from './env';

/**
 * For the specs about working offline and about the start of a page: the app's service worker, as a
 * user's browser has it (`test.use(withServiceWorker)`). The other specs run without it (see
 * playwright.config.ts).
 */
export const withServiceWorker = { serviceWorkers: 'allow' } as const;

export async function loginAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function loginAsAdmin(page: Page): Promise<void> {
  await loginAs(page, e2eAdmin.username, e2eAdmin.password);
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * Logged out: at /login, with no token in the tab. Logout ends in a full load of /login (nothing of
 * the session survives in memory), which may still be on its way when the route already shows it.
 */
export async function expectLoggedOut(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('token')).catch((error: unknown) => `not readable: ${String(error)}`))
    .toBeNull();
}

/**
 * Runs axe and fails on serious or critical violations, naming them. In the page itself: axe's
 * default run across frames opens a blank tab of the same context for every check (the app has no
 * frames), which costs a renderer and is a second tab the app would notice. Only violations are
 * collected in full (axe's `resultTypes`): every rule still runs on every element, but the passes
 * nobody reads are not gathered node by node, which took a third of a check's CPU.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
