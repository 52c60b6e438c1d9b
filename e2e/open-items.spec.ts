import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { showPins } from './support/plan-viewer';
import { twoByTwoPng } from './support/sample-files';

const comment = 'Fliesen im Bad fehlen';
const sizes = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
  return context.newPage();
}

/** A day two weeks from now, as a date input takes it, and as the list writes it. */
function dueInTwoWeeks(): { value: string; text: string } {
  const day = new Date(Date.now() + 14 * 24 * 3600 * 1000);
  const value = day.toISOString().slice(0, 10);
  const [year, month, date] = value.split('-');
  return { value, text: `${date}.${month}.${year}` };
}

async function uploadPlan(page: Page): Promise<void> {
  await cardOf(page, 'Projektdateien').getByRole('button', { name: '+ Plan hochladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan hochladen' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'grundriss-eg.png', mimeType: 'image/png', buffer: twoByTwoPng() });
  await dialog.getByLabel('Titel', { exact: true }).fill('Grundriss EG');
  await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

async function openPlan(page: Page): Promise<Locator> {
  await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss EG' }).click();
  const viewer = page.getByRole('dialog', { name: 'Grundriss EG' });
  await showPins(viewer);
  return viewer;
}

/** The pin's entry in the viewer's list (it holds its status buttons and its history). */
const entryOf = (viewer: Locator) => viewer.getByRole('listitem').filter({ has: viewer.page().getByRole('button', { name: new RegExp(`^Markierung 1: ${comment}`) }) });

test.describe('open items: both sides follow and close a pin', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const size of sizes) {
    test(`${size.name}: the architect assigns an item to the client, the client closes it, the architect sees it live, reopens and closes it, and the list filters it by status`, async ({ browser, request }) => {
      const { architect, client, projectId } = await seedClientProject(request);
      const due = dueInTwoWeeks();

      const office = await newPage(browser, size.viewport);
      await loginAs(office, architect.username, architect.password);
      await expect(office).toHaveURL(/\/dashboard$/);
      await selectProjectInSession(office, projectId);
      await office.goto('/projectOverview');
      await uploadPlan(office);
      const architectView = await openPlan(office);

      // The architect marks a spot, then assigns it: a defect, the client's, due in two weeks.
      await architectView.getByRole('button', { name: 'Markierung setzen' }).click();
      await architectView.getByRole('button', { name: 'Hier markieren' }).click();
      const form = architectView.getByRole('form', { name: 'Markierung 1', exact: true });
      await form.getByLabel(/Was ist an dieser Stelle/).fill(comment);
      await form.getByRole('button', { name: 'Markierung speichern' }).click();
      await expect(form).toHaveCount(0);
      const architectEntry = entryOf(architectView);
      await expect(architectEntry.getByText('Information')).toBeVisible();
      await architectEntry.getByRole('button', { name: 'Markierung 1 zuordnen' }).click();
      const assign = architectView.getByRole('form', { name: 'Markierung 1 zuordnen' });
      await assign.getByLabel('Art').selectOption({ label: 'Mangel' });
      await assign.getByLabel('Zuständig').selectOption({ label: 'Klara Kundin (Kunde/Kundin)' });
      await assign.getByLabel('Fällig am').fill(due.value);
      await assign.getByRole('button', { name: 'Zuordnung speichern' }).click();
      await expect(assign).toHaveCount(0);
      await expect(architectEntry.getByText('Mangel')).toBeVisible();
      await expect(architectEntry.getByText(due.text)).toBeVisible();

      // The client finds it, responsible for it, and sets 'Erledigt'.
      const home = await newPage(browser, size.viewport);
      await loginAsClientWithProject(home, client, projectId);
      await expect(cardOf(home, 'Ihre offenen Punkte').getByRole('link', { name: new RegExp(comment) })).toBeVisible();
      await home.goto('/projectOverview');
      const clientView = await openPlan(home);
      const clientEntry = entryOf(clientView);
      await expect(clientEntry.getByText('Klara Kundin', { exact: true })).toBeVisible();
      await expect(clientEntry.getByRole('button', { name: 'Markierung 1 zuordnen' })).toHaveCount(0);
      await clientEntry.getByRole('button', { name: 'Markierung 1: Erledigt' }).click();
      await expect(clientView.getByText('Markierung 1 ist jetzt „Erledigt“.')).toBeVisible();
      // … and says so under the item, where the architect reads it at once.
      await clientEntry.getByRole('button', { name: new RegExp(`^Markierung 1: ${comment}`) }).click();
      const reply = clientView.getByRole('form', { name: 'Antwort, Markierung 1' });
      await reply.getByLabel(/Antwort/).fill('Die Fliesen sind verlegt.');
      await reply.getByRole('button', { name: 'Antworten' }).click();
      await expect(reply.getByLabel(/Antwort/)).toHaveValue('');
      await expect(architectEntry.getByText('Die Fliesen sind verlegt.')).toBeVisible();
      await expectNoSeriousA11yViolations(home);

      // The architect's open viewer shows it at once, with who closed it; the architect reopens and closes it.
      await expect(architectEntry.getByRole('button', { name: 'Markierung 1: Erledigt' })).toHaveAttribute('aria-pressed', 'true');
      await expect(architectEntry.getByText(/^Status geändert von Offen auf Erledigt – Klara Kundin, /)).toBeVisible();
      await architectEntry.getByRole('button', { name: 'Markierung 1: Offen' }).click();
      await expect(architectEntry.getByText(/^Status geändert von Erledigt auf Offen – Erika Muster, /)).toBeVisible();
      await expect(clientEntry.getByRole('button', { name: 'Markierung 1: Offen' })).toHaveAttribute('aria-pressed', 'true');
      await architectEntry.getByRole('button', { name: 'Markierung 1: Erledigt' }).click();
      await expect(architectEntry.getByText(/^Status geändert von Offen auf Erledigt – Erika Muster, /)).toBeVisible();

      // 'Offene Punkte' shows what is not done; filtered by 'Erledigt' it is there, and a tap opens the plan at it.
      await office.keyboard.press('Escape');
      await expect(architectView).toHaveCount(0);
      const items = cardOf(office, 'Offene Punkte');
      await expect(items.getByText('Keine Punkte für diese Auswahl.')).toBeVisible();
      await items.getByLabel('Status').selectOption({ label: 'Erledigt' });
      const item = items.getByRole('button', { name: 'Markierung 1 auf Grundriss EG im Plan öffnen' });
      await expect(item).toContainText(comment);
      await expect(item).toContainText('Klara Kundin');
      await expectNoSeriousA11yViolations(office);
      await item.click();
      const reopened = office.getByRole('dialog', { name: 'Grundriss EG' });
      await showPins(reopened);
      await expect(entryOf(reopened).getByRole('button', { name: new RegExp(`^Markierung 1: ${comment}`) })).toHaveAttribute('aria-pressed', 'true');

      await office.context().close();
      await home.context().close();
    });
  }
});
