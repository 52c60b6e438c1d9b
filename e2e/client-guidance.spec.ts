import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { fullAnswers, loginAsClientWithProject, seedClientProject } from './support/questionnaire-seed';

const phone = { width: 390, height: 844 };

const yesNo = (page: Page, question: string, choice: 'Ja' | 'Nein') =>
  page.getByRole('radiogroup', { name: question }).getByLabel(choice, { exact: true });

const stepLinks = (page: Page) => page.getByRole('navigation', { name: 'Schritte des Fragebogens' });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
}

async function bearer(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  return { authorization: `Bearer ${token}` };
}

test.describe('guiding the client through the questionnaire', () => {
  // Seeding waits for two invitation mails; both workers share one server.
  test.describe.configure({ timeout: 150_000 });

  test('on a phone: continue from the dashboard, jump between steps, be asked before losing changes, see what is open', async ({ page, request }) => {
    await page.setViewportSize(phone);
    const { client } = await seedClientProject(request);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);

    const continueAction = page.getByRole('button', { name: 'Fragebogen fortsetzen (0 %)' });
    await expect(continueAction).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await continueAction.focus();
    await page.keyboard.press('Enter');

    // Nothing answered yet: the first step.
    await expect(page).toHaveURL(/\/general$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Informationen' })).toBeVisible();
    await expect(stepLinks(page).getByRole('link', { name: 'Schritt 1: Allgemeine Informationen' })).toHaveAttribute('aria-current', 'step');
    await expect(page.getByLabel('Gebäudenutzung')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // The header jumps straight to Fenster, unasked while nothing changed.
    await stepLinks(page).getByRole('link', { name: 'Schritt 3: Fenster' }).click();
    await expect(page).toHaveURL(/\/windows$/);
    await expect(stepLinks(page).getByRole('link', { name: 'Schritt 3: Fenster' })).toHaveAttribute('aria-current', 'step');
    await expect(stepLinks(page).getByRole('link', { name: 'Schritt 1: Allgemeine Informationen' })).not.toHaveAttribute('aria-current', 'step');
    await expectNoSidewaysScroll(page);

    // A changed answer is not dropped silently.
    await page.getByLabel('Verglasung').selectOption('DOUBLE_ISOLATION');
    await stepLinks(page).getByRole('link', { name: 'Schritt 4: Heizung' }).click();
    const question = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
    await expect(question).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await expect(page).toHaveURL(/\/windows$/);
    await expect(page.getByLabel('Verglasung')).toHaveValue('DOUBLE_ISOLATION');
    await stepLinks(page).getByRole('link', { name: 'Schritt 4: Heizung' }).click();
    await question.getByRole('button', { name: 'Verwerfen' }).click();
    await expect(page).toHaveURL(/\/heating$/);

    // Saving the last step returns to the dashboard (spec) with a confirmation and the open questions.
    await page.getByLabel('Wärmeerzeuger').selectOption('CONDENSING_BOILER');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboardClient$/);
    const saved = page.getByRole('region', { name: 'Fragebogen gespeichert' });
    await expect(saved.getByRole('heading', { name: 'Fragebogen gespeichert' })).toBeFocused();
    await expect(saved).toContainText('Diese Fragen sind noch offen.');
    const openGeneral = saved.getByRole('region', { name: 'Offene Fragen: Allgemeine Informationen' });
    await expect(openGeneral.getByRole('link')).toHaveCount(6);
    const openHeating = saved.getByRole('region', { name: 'Offene Fragen: Heizung' });
    await expect(openHeating.getByRole('link', { name: 'Wärmeerzeuger' })).toHaveCount(0);
    await expect(openHeating.getByRole('link', { name: 'Brennstoff' })).toBeVisible();
    // The dashboard knows the new progress: 1 of 22 answered.
    await expect(page.getByRole('button', { name: 'Fragebogen fortsetzen (5 %)' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // A link opens the step with its question focused.
    await saved.getByRole('region', { name: 'Offene Fragen: Stockwerke' }).getByRole('link', { name: 'Anzahl der Geschoße (ohne Dachboden und Keller)' }).click();
    await expect(page).toHaveURL(/\/storeys\?frage=numberOfStoreys$/);
    await expect(page.getByLabel('Anzahl der Geschoße (ohne Dachboden und Keller)')).toBeFocused();
  });

  test('on a desktop the project overview continues at the first step with open questions, and offers viewing when all are answered', async ({ page, request }) => {
    const { client, projectName } = await seedClientProject(request);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);

    await page.getByRole('button', { name: new RegExp(projectName) }).click();
    await expect(page).toHaveURL(/\/projectOverview$/);
    const id = await page.evaluate(() => sessionStorage.getItem('projectId'));
    const saved = await request.put(`/api/general/${id}`, { data: fullAnswers.general, headers: await bearer(page) });
    expect(saved.status()).toBe(200);
    await page.reload();

    const action = page.getByRole('button', { name: 'Fragebogen fortsetzen (27 %)' });
    await expect(action).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await action.click();
    await expect(page).toHaveURL(/\/storeys$/);
    await expect(page.getByLabel('Dachform')).toBeVisible();

    for (const step of ['storeys', 'windows', 'heating'] as const) {
      const answered = await request.put(`/api/${step}/${id}`, { data: fullAnswers[step], headers: await bearer(page) });
      expect(answered.status(), step).toBe(200);
    }
    await page.goto('/projectOverview');
    await expect(page.getByRole('button', { name: 'Fragebogen ansehen' })).toBeVisible();
    await page.getByRole('button', { name: 'Fragebogen ansehen' }).click();
    await expect(page).toHaveURL(/\/general$/);
  });

  test("switching 'unterschiedliche Fenster' to Ja and back keeps the answers until saved; saved with Ja, they are cleared", async ({ page, request }) => {
    await page.setViewportSize(phone);
    const { client, projectId } = await seedClientProject(request);
    await loginAsClientWithProject(page, client, projectId);

    await page.goto('/windows');
    await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Nein').check();
    await page.getByLabel('Baujahr der Fenster').fill('1995');
    await page.getByLabel('Verglasung').selectOption('TRIPLE_HEAT_PROTECTION');
    await page.getByLabel('Rahmenmaterial').selectOption('PLASTIC');
    await yesNo(page, 'Gibt es Rollladenkästen?', 'Ja').check();
    await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
    await expect(page).toHaveURL(/\/heating$/);

    // Ja, not yet saved: the details disappear from the form, and 'Nein' shows them again.
    await page.goto('/windows');
    await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Ja').check();
    await expect(page.getByLabel('Verglasung')).toHaveCount(0);
    await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Nein').check();
    await expect(page.getByLabel('Baujahr der Fenster')).toHaveValue('1995');
    await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Ja').check();
    await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
    await expect(page).toHaveURL(/\/heating$/);

    // Saved with Ja: the details no longer apply and were cleared, so 'Nein' asks for them afresh.
    await page.goto('/windows');
    await page.reload();
    await expect(yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Ja')).toBeChecked();
    await expect(page.getByText('Ihre Fenster sind unterschiedlich – Ihre Architektin bzw. Ihr Architekt wird sich bei Ihnen melden.')).toBeVisible();
    await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Nein').check();
    await expect(page.getByLabel('Baujahr der Fenster')).toHaveValue('');
    await expect(page.getByLabel('Rahmenmaterial')).not.toHaveValue('PLASTIC');
    await expectNoSeriousA11yViolations(page);
  });

  test('German messages beside the field on the windows page, the first invalid field focused', async ({ page, request }) => {
    await page.setViewportSize(phone);
    const { client, projectId } = await seedClientProject(request);
    await loginAsClientWithProject(page, client, projectId);
    await page.goto('/windows');
    await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Nein').check();
    const year = page.getByLabel('Baujahr der Fenster');
    // A year no window can have: before 1800 or after this one.
    await year.fill('3');
    await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Bitte geben Sie ein Jahr von 1800 bis ${new Date().getFullYear()} an.` })).toBeVisible();
    await expect(year).toBeFocused();
    await expect(year).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/windows$/);
    await expectNoSeriousA11yViolations(page);
  });
});
