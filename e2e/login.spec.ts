import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from './support/env';
import { expectLoggedOut, expectNoSeriousA11yViolations, loginAs, loginAsAdmin } from './support/fixtures';

test.describe('login and logout', () => {
  test('the login page shows its German texts and passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Willkommen Zurück!' })).toBeVisible();
    await expect(page).toHaveTitle('Anmeldung – Bauakte');
    await expect(page.getByText('Hier Einloggen')).toBeVisible();
    await expect(page.getByLabel('Benutzername')).toBeVisible();
    await expect(page.getByLabel('Passwort')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forgotPassword');
    await expectNoSeriousA11yViolations(page);
  });

  test('the username field takes letters and digits only', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Benutzername').pressSequentially('ad min-1!');
    await expect(page.getByLabel('Benutzername')).toHaveValue('admin1');
  });

  // The form's code (react-hook-form) loads after the page stands; the fields work before it is there.
  test.describe('before the form code has arrived', () => {
    /** Holds back the login form's chunk until `release` is called. */
    async function holdFormCode(page: Page): Promise<() => void> {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/login-form-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    }

    test('what was typed and a Login pressed then are kept: the login goes through', async ({ page }) => {
      const release = await holdFormCode(page);
      // Not until 'load': the held chunk may hold that back.
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Benutzername').pressSequentially('ad min!');
      await page.getByLabel('Passwort').fill(e2eAdmin.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByLabel('Benutzername')).toHaveValue('admin');
      release();
      await expect(page).toHaveURL(/\/admin$/);
    });

    test('a Login whose press is still going on when the code arrives is not lost', async ({ page }) => {
      const release = await holdFormCode(page);
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Benutzername').fill(e2eAdmin.username);
      await page.getByLabel('Passwort').fill(e2eAdmin.password);
      const box = await page.getByRole('button', { name: 'Login' }).boundingBox();
      if (!box) throw new Error('the Login button has no box');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      const arrived = page.waitForResponse(/\/assets\/login-form-[^/]+\.js$/);
      release();
      const formCode = (await arrived).url();
      // Once the page has run the form's code, it has chosen whether the full form replaces the early one under the
      // pressed button: a module runs once, and the page's own import of it resumes before this one.
      await page.evaluate((url) => import(url).then(() => undefined), formCode);
      await page.mouse.up();
      await expect(page).toHaveURL(/\/admin$/);
    });

    test('typing goes on in the same field once the code is there', async ({ page }) => {
      const release = await holdFormCode(page);
      // Not until 'load': the held chunk may hold that back.
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Benutzername').pressSequentially('ad');
      // The full form asks for its rules as soon as it stands: then it has taken over.
      const tookOver = page.waitForRequest(/\/assets\/login-rules-[^/]+\.js$/);
      release();
      await tookOver;
      await page.keyboard.type('min');
      await expect(page.getByLabel('Benutzername')).toHaveValue('admin');
      await page.getByLabel('Passwort').fill(e2eAdmin.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/admin$/);
    });
  });

  test('a wrong password shows the German error, which typing clears', async ({ page }) => {
    await loginAs(page, e2eAdmin.username, 'falsches-passwort');
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch.');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Passwort').press('x');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the admin logs in to /admin, survives a reload and logs out to /login', async ({ page }) => {
    await loginAsAdmin(page);
    await expect(page.getByText(`Willkommen ${e2eAdmin.username}`)).toBeVisible();
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    expect(token?.split('.')).toHaveLength(3);

    await page.reload();
    await expect(page).toHaveURL(/\/admin$/);
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectLoggedOut(page);
    await expect(page.getByRole('heading', { name: 'Willkommen Zurück!' })).toBeVisible();
    const after = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
  });
});
