import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject } from './support/questionnaire-seed';

const yesNo = (page: Page, question: string, choice: 'Ja' | 'Nein') => page.getByRole('radiogroup', { name: question }).getByLabel(choice, { exact: true });
const unknownOf = (page: Page, field: string) => page.locator(`#question-${field}-unknown`);

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** The client answers the windows as a layperson: not knowing, asking what a word means, confirming an odd year. */
async function answerAsLayperson(page: Page) {
  await page.goto('/general');
  await page.getByLabel('Baujahr', { exact: true }).fill('1960');
  await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
  await expect(page).toHaveURL(/\/storeys$/);

  await page.goto('/windows');
  // Different windows: the architect collects the details, so their questions disappear.
  await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Ja').check();
  await expect(page.getByLabel('Baujahr der Fenster')).toHaveCount(0);
  await expect(page.getByLabel('Verglasung')).toHaveCount(0);
  await yesNo(page, 'Gibt es unterschiedliche Fenster?', 'Nein').check();
  await expect(page.getByLabel('Verglasung')).toBeVisible();

  // 'Was bedeutet das?' explains the glazings with drawings, over the form, and closes with Escape.
  const explain = page.getByRole('button', { name: 'Was bedeutet das? Erklärung zu „Verglasung“' });
  await explain.click();
  const dialog = page.getByRole('dialog', { name: 'Verglasung' });
  await expect(dialog.getByRole('img', { name: 'Zeichnung: Dreifach-Wärmeschutzverglasung' })).toBeVisible();
  await expect(dialog.getByText(/Feuerzeug/)).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(explain).toBeFocused();

  await unknownOf(page, 'typeOfGlass').check();
  await expect(page.getByLabel('Verglasung')).toBeDisabled();
  await yesNo(page, 'Gibt es Rollladenkästen?', 'Ja').check();

  // Windows older than the building: possible, but the client is asked, and the save waits for 'Ja, stimmt so'.
  await page.getByLabel('Baujahr der Fenster').fill('1950');
  await expect(page.getByText('Die Fenster sind älter als das Gebäude – stimmt das?', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
  await expect(page.getByText(/Bitte bestätigen Sie den Wert mit „Ja, stimmt so“/).first()).toBeVisible();
  await expect(page.getByLabel('Baujahr der Fenster')).toHaveValue('1950');
  await page.getByRole('checkbox', { name: 'Ja, stimmt so' }).check();
  await page.getByRole('button', { name: 'Speichern und Weiter' }).click();
  await expect(page).toHaveURL(/\/heating$/);
}

async function architectSees(browser: Browser, viewport: { width: number; height: number }, architect: { username: string; password: string }, projectName: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, architect.username, architect.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await cardOf(page, 'Projekte mit Neuerungen').getByRole('button', { name: new RegExp(projectName) }).click();
  await expect(page).toHaveURL(/\/projectOverview$/);
  await expect(page.getByText('Unbekannt: Verglasung', { exact: true })).toBeVisible();
  await expect(page.getByText('Vom Kunden bestätigt: ungewöhnlicher Wert – Baujahr der Fenster: 1950')).toBeVisible();

  // On the step itself: 'Weiß ich nicht' ticked, the glazing reads 'unbekannt', the odd year confirmed.
  await page.goto('/windows');
  await expect(unknownOf(page, 'typeOfGlass')).toBeChecked();
  await expect(page.getByLabel('Verglasung').locator('option:checked')).toHaveText('unbekannt');
  await expect(page.getByRole('checkbox', { name: 'Ja, stimmt so' })).toBeChecked();

  // The architect asks about the odd year: a follow-up under the question, an item of 'Offene Punkte'.
  await page.getByRole('button', { name: 'Rückfrage zu „Baujahr der Fenster“' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rückfrage zu „Baujahr der Fenster“' });
  await dialog.getByLabel(/Ihre Rückfrage/).fill(followUpNote);
  await dialog.getByRole('button', { name: 'Rückfrage stellen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Rückfragen zu „Baujahr der Fenster“' }).getByText(followUpNote)).toBeVisible();
  await context.close();
}

const followUpNote = 'Sind die Fenster wirklich älter als das Haus? Steht das Jahr im Rahmen?';

/** The client finds the follow-up on the dashboard, answers it at its question, and it is done. */
async function clientAnswersFollowUp(browser: Browser, viewport: { width: number; height: number }, client: { username: string; password: string }, projectId: number) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAsClientWithProject(page, client, projectId);
  const own = cardOf(page, 'Ihre offenen Punkte');
  await own.getByRole('link', { name: /Ihr Architekt hat eine Rückfrage zu: Baujahr der Fenster/ }).click();
  await expect(page).toHaveURL(/\/windows\?frage=windowConstructionYear$/);
  const entry = page.getByRole('listitem', { name: 'Rückfrage 1 zu „Baujahr der Fenster“' });
  await expect(entry.getByText(followUpNote)).toBeVisible();
  await entry.getByRole('button', { name: 'Antworten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rückfrage zu „Baujahr der Fenster“ beantworten' });
  await dialog.getByLabel(/Ihre Antwort/).fill('Ja, die Fenster sind aus dem Vorgängerbau.');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Antwort senden' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(entry.getByText('Erledigt')).toBeVisible();
  await expect(entry.getByText('Ja, die Fenster sind aus dem Vorgängerbau.')).toBeVisible();
  await page.goto('/dashboardClient');
  await expect(page.getByRole('heading', { name: 'Ihre offenen Punkte' })).toHaveCount(0);
  await context.close();
}

test.describe('questionnaire for a homeowner who does not know their house', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const { name, viewport } of sizes) {
    test(`a client answers with 'Weiß ich nicht', an explanation and a confirmed warning; the architect sees both and asks back, the client answers (${name})`, async ({ browser, request }) => {
      const { architect, client, projectId, projectName } = await seedClientProject(request);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await loginAsClientWithProject(page, client, projectId);
      await answerAsLayperson(page);
      await context.close();
      await architectSees(browser, viewport, architect, projectName);
      await clientAnswersFollowUp(browser, viewport, client, projectId);
    });
  }
});
