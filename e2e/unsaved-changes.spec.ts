import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectLoggedOut, loginAs } from './support/fixtures';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject, selectProjectInSession } from './support/questionnaire-seed';

const phone = { width: 390, height: 844 };

const question = (page: Page) => page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
const constructionYear = (page: Page) => page.getByLabel('Baujahr', { exact: true });

async function answer(page: Page, choice: 'Verwerfen' | 'Weiter bearbeiten'): Promise<void> {
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: choice, exact: true }).click();
  await expect(question(page)).toHaveCount(0);
}

/** The first questionnaire step with a typed but unsaved construction year. */
async function typeIntoGeneral(page: Page, projectId: number): Promise<void> {
  await selectProjectInSession(page, projectId);
  await page.goto('/general');
  await constructionYear(page).fill('1962');
}

async function openPhoneSidebar(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
  const sheet = page.getByRole('dialog', { name: 'Navigation' });
  await expect(sheet).toBeVisible();
  return sheet;
}

test.describe('unsaved changes', () => {
  // Seeding waits for invitation mails; both workers share one server.
  test.describe.configure({ timeout: 120_000 });

  test('Home, the browser back, logout and closing the tab ask before a typed answer is lost; a dialog asks on Escape and on a click outside', async ({ page, request }) => {
    const { client, projectId } = await seedClientProject(request);
    // The page's clock runs as the real one until the test holds it (below).
    await page.clock.install();
    await loginAsClientWithProject(page, client, projectId);
    await typeIntoGeneral(page, projectId);

    // The sidebar's Home asks; 'Weiter bearbeiten' keeps the page, its project and the text. Home would
    // navigate on a timer: with the clock held, every timer the choice could set runs before the checks.
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(question(page)).toBeVisible();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10);
    await question(page).getByRole('button', { name: 'Weiter bearbeiten', exact: true }).click();
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expect(question(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/general$/);
    await expect(constructionYear(page)).toHaveValue('1962');
    await page.getByRole('link', { name: 'Home' }).click();
    await answer(page, 'Verwerfen');
    await expect(page).toHaveURL(/\/dashboardClient$/);

    // The browser's back button asks too.
    await selectProjectInSession(page, projectId);
    await page.goto('/general');
    await page.getByRole('link', { name: 'Schritt 3: Fenster' }).click();
    await page.getByLabel('Baujahr der Fenster').fill('1995');
    await page.goBack();
    await answer(page, 'Weiter bearbeiten');
    await expect(page).toHaveURL(/\/windows$/);
    await expect(page.getByLabel('Baujahr der Fenster')).toHaveValue('1995');
    await page.goBack();
    await answer(page, 'Verwerfen');
    await expect(page).toHaveURL(/\/general$/);

    // Saving leaves without asking.
    await constructionYear(page).fill('1962');
    await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
    await expect(page).toHaveURL(/\/storeys$/);
    await expect(question(page)).toHaveCount(0);

    // A dialog with typed text asks on Escape.
    await page.getByRole('button', { name: 'Profil' }).click();
    const profile = page.getByRole('dialog', { name: 'Profil bearbeiten' });
    await profile.getByLabel('Telefonnummer').fill('0664 1234567');
    await page.keyboard.press('Escape');
    await answer(page, 'Weiter bearbeiten');
    await expect(profile.getByLabel('Telefonnummer')).toHaveValue('0664 1234567');
    // A click outside the dialog, on the dimmed page, asks as well.
    await page.mouse.click(5, 5);
    await answer(page, 'Weiter bearbeiten');
    await expect(profile).toBeVisible();
    await page.keyboard.press('Escape');
    await answer(page, 'Verwerfen');
    await expect(profile).toHaveCount(0);

    // Logout asks.
    await page.getByLabel('Dachform').selectOption('SATTELDACH');
    await page.getByRole('button', { name: 'Logout' }).click();
    await answer(page, 'Weiter bearbeiten');
    await expect(page).toHaveURL(/\/storeys$/);
    await expect(page.getByLabel('Dachform')).toHaveValue('SATTELDACH');

    // Closing the tab lets the browser ask.
    const unloadQuestion = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await unloadQuestion;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });

  test('a chat message typed but not sent is back when the chat opens again', async ({ page, request }) => {
    const { architect, client } = await seedClientProject(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await cardOf(page, 'Neusten Nachrichten').getByRole('button', { name: 'Neuer Chat' }).click();
    const newChat = page.getByRole('dialog', { name: 'Neuer Chat' });
    await newChat.getByLabel('Kunde').selectOption(client.username);
    await newChat.getByLabel('Nachricht').fill('Grüß Gott!');
    await newChat.getByRole('button', { name: 'Senden' }).click();

    const chat = page.getByRole('dialog', { name: 'Chat Übersicht' });
    await expect(chat.getByRole('log').getByText('Grüß Gott!')).toBeVisible();
    await chat.getByRole('textbox', { name: 'Nachricht' }).fill('Den Einreichplan schicke ich');
    await chat.getByRole('button', { name: 'Schließen', exact: true }).first().click();
    await expect(chat).toHaveCount(0);

    await page.getByRole('button', { name: 'Benachrichtigungen anzeigen' }).click();
    await chat.getByRole('navigation').getByRole('button', { name: /Klara Kundin/ }).click();
    await expect(chat.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Den Einreichplan schicke ich');
    await chat.getByRole('textbox', { name: 'Nachricht' }).press('Enter');
    await expect(chat.getByRole('log').getByText('Den Einreichplan schicke ich')).toBeVisible();
    await expect(chat.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: phone });

    test('Home and Logout in the sidebar menu ask before a typed answer is lost', async ({ page, request }) => {
      const { client, projectId } = await seedClientProject(request);
      await loginAsClientWithProject(page, client, projectId);
      await typeIntoGeneral(page, projectId);

      await (await openPhoneSidebar(page)).getByRole('link', { name: 'Home' }).click();
      await answer(page, 'Weiter bearbeiten');
      await expect(page).toHaveURL(/\/general$/);
      await expect(constructionYear(page)).toHaveValue('1962');

      await (await openPhoneSidebar(page)).getByRole('link', { name: 'Home' }).click();
      await answer(page, 'Verwerfen');
      await expect(page).toHaveURL(/\/dashboardClient$/);

      await typeIntoGeneral(page, projectId);
      await (await openPhoneSidebar(page)).getByRole('button', { name: 'Logout' }).click();
      await answer(page, 'Verwerfen');
      await expectLoggedOut(page);
    });
  });
});
