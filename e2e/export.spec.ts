import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueName } from './support/accounts';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { attachmentIn, waitForMail } from './support/mail';
import { cardOf } from './support/portal';
import { answerQuestionnaireViaApi, type fullAnswers, seedClientProject, selectProjectInSession, type SeededProject } from './support/questionnaire-seed';

/** A project whose client has answered the whole questionnaire, open on the architect's overview. */
async function seedAnsweredProject(page: Page, request: Page['request']): Promise<SeededProject> {
  const seeded = await seedClientProject(request);
  await answerQuestionnaireViaApi(request, seeded.client, seeded.projectId);
  await loginAs(page, seeded.architect.username, seeded.architect.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await selectProjectInSession(page, seeded.projectId);
  await page.goto('/projectOverview');
  await expect(page.getByRole('heading', { level: 1, name: seeded.projectName })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Fortschritt:' })).toHaveAttribute('aria-valuenow', '100');
  return seeded;
}

async function openExport(page: Page): Promise<Locator> {
  await cardOf(page, 'Aktionen').getByRole('button', { name: 'Projekt exportieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Projekt exportieren' });
  await expect(dialog.getByRole('radiogroup', { name: 'Dateityp' })).toBeVisible();
  return dialog;
}

const choice = (dialog: Locator, group: string, label: string) => dialog.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label, exact: true });

async function downloadThrough(dialog: Locator) {
  const page = dialog.page();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Exportieren' }).click()]);
  const failure = await download.failure();
  expect(failure, 'the download completed').toBeNull();
  return { name: download.suggestedFilename(), bytes: await fs.readFile(await download.path()) };
}

test.describe('project export', () => {
  // Seeding waits for two invitation mails; the PDF is laid out in a worker; both workers share one server.
  test.describe.configure({ timeout: 150_000 });

  test('the architect downloads the answered project as PDF and as JSON, named projekt_{id} and the project', async ({ page }) => {
    const { projectId, projectName, client } = await seedAnsweredProject(page, page.request);

    const dialog = await openExport(page);
    await expect(choice(dialog, 'Dateityp', 'PDF')).toBeChecked();
    await expect(choice(dialog, 'Zustellung', 'Download')).toBeChecked();
    await expect(dialog.getByLabel('E-Mail-Adresse')).toHaveCount(0);
    const pdf = await downloadThrough(dialog);
    expect(pdf.name).toBe(`projekt_${projectId}_${projectName}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.length, 'a PDF with content').toBeGreaterThan(5_000);
    // A saved download closes the modal, and the focus returns to the button that opened it.
    await expect(dialog).toHaveCount(0);
    await expect(cardOf(page, 'Aktionen').getByRole('button', { name: 'Projekt exportieren' })).toBeFocused();

    const again = await openExport(page);
    await choice(again, 'Dateityp', 'JSON').check();
    const json = await downloadThrough(again);
    expect(json.name).toBe(`projekt_${projectId}_${projectName}.json`);
    const document = JSON.parse(json.bytes.toString('utf8')) as { schemaVersion: number; project: { id: number; name: string }; customer: { username: string } | null; questionnaire: typeof fullAnswers };
    expect(document.schemaVersion).toBe(6);
    expect(document.project).toMatchObject({ id: projectId, name: projectName });
    expect(document.customer?.username).toBe(client.username);
    expect(document.questionnaire.general).toMatchObject({ buildingUsage: 'WOHNBAU', constructionYear: 1965 });
    expect(document.questionnaire.heating).toMatchObject({ fuelType: 'GAS' });
  });

  test('the architect mails the JSON to an energy consultant: the modal names the address, the mail carries projekt_{id} and the project .json', async ({ page }) => {
    const { projectId, projectName } = await seedAnsweredProject(page, page.request);
    const consultant = `${uniqueName('berater')}@e2e.bauakte.test`;

    const dialog = await openExport(page);
    await choice(dialog, 'Dateityp', 'JSON').check();
    await choice(dialog, 'Zustellung', 'E-Mail').check();
    const address = dialog.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await expect(address).toHaveAttribute('type', 'email');
    await expect(address).toHaveAttribute('required', '');

    // The server checks the address; its verdict stands beside the field only (nothing was
    // exported, so no 'Export fehlgeschlagen'), and the typing stays.
    await address.fill('berater@@e2e');
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    const verdict = dialog.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    await expect(verdict).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Export fehlgeschlagen')).toHaveCount(0);
    await expect(address).toHaveAttribute('aria-describedby', new RegExp(`${await verdict.getAttribute('id')}`));
    await expect(address).toHaveValue('berater@@e2e');
    await expect(address).toBeFocused();

    await address.fill(consultant);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    await expect(dialog.getByRole('status')).toHaveText(`Der Export wurde an ${consultant} gesendet.`);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const mail = await waitForMail(consultant, /Projektexport/);
    expect(mail.subject).toContain(projectName);
    const attachment = attachmentIn(mail, `projekt_${projectId}_${projectName}.json`);
    expect(attachment.contentType).toMatch(/^application\/json/);
    expect(attachment.size).toBe(attachment.content.length);
    const document = JSON.parse(attachment.content.toString('utf8')) as { schemaVersion: number; project: { id: number; name: string } };
    expect(document.schemaVersion).toBe(6);
    expect(document.project).toMatchObject({ id: projectId, name: projectName });

    // The modal's own 'Schließen' comes before the dialog's corner button of the same name.
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).first().click();
    await expect(dialog).toHaveCount(0);
  });
});
