import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs, withServiceWorker } from './support/fixtures';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject } from './support/questionnaire-seed';
import { twoByTwoPng } from './support/sample-files';

const phone = { width: 390, height: 844 };

test.use(withServiceWorker);

test.describe('a photo to a question of the questionnaire', () => {
  test.describe.configure({ timeout: 120_000 });

  test("on a phone the client adds the heat producer's nameplate; the architect sees it with the answer", async ({ browser, request }) => {
    const { architect, client, projectId, projectName } = await seedClientProject(request);
    const clientContext = await browser.newContext({ viewport: phone });
    const page = await clientContext.newPage();
    await loginAsClientWithProject(page, client, projectId);
    await page.goto('/heating');
    await page.getByLabel('Wärmeerzeuger', { exact: true }).selectOption('LOW_TEMP_BOILER');
    await page.getByLabel('Brennstoff', { exact: true }).selectOption('GAS');

    // The phone's camera: the button opens the file input, which asks for the camera's picture.
    const add = page.getByRole('button', { name: 'Foto hinzufügen zu „Wärmeerzeuger“' });
    await expect(page.locator('#question-heatProducer-photos-input')).toHaveAttribute('capture', 'environment');
    const chooser = page.waitForEvent('filechooser');
    await add.click();
    await (await chooser).setFiles({ name: 'typenschild.png', mimeType: 'image/png', buffer: twoByTwoPng() });
    const photos = page.getByRole('list', { name: 'Fotos zu „Wärmeerzeuger“' });
    await expect(photos.getByRole('img', { name: 'Foto 1 zu „Wärmeerzeuger“' })).toBeVisible();
    await expect(photos.getByRole('button', { name: 'Foto 1 zu „Wärmeerzeuger“ entfernen' })).toBeVisible();
    // What was chosen before the photo is still there, and no photo is offered beside the fuel.
    await expect(page.getByLabel('Wärmeerzeuger', { exact: true })).toHaveValue('LOW_TEMP_BOILER');
    await expect(page.getByRole('button', { name: 'Foto hinzufügen zu „Brennstoff“' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await clientContext.close();

    const architectContext = await browser.newContext({ viewport: phone });
    const architectPage = await architectContext.newPage();
    await loginAs(architectPage, architect.username, architect.password);
    await expect(architectPage).toHaveURL(/\/dashboard$/);
    await cardOf(architectPage, 'Projekte mit Neuerungen').getByRole('button', { name: new RegExp(projectName) }).click();
    await expect(architectPage).toHaveURL(/\/projectOverview$/);
    const card = cardOf(architectPage, 'Fragebogen');
    await expect(card.getByText('Wärmeerzeuger: Niedertemperaturkessel', { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: 'Foto 1 zu „Wärmeerzeuger“' })).toBeVisible();
    // The photo is kept with its question, not among the plans.
    await expect(cardOf(architectPage, 'Projektdateien').getByText('Foto: Wärmeerzeuger')).toHaveCount(0);

    // On the step itself the architect sees it beside the answer and may remove it.
    await architectPage.goto('/heating');
    const onStep = architectPage.getByRole('list', { name: 'Fotos zu „Wärmeerzeuger“' });
    await expect(onStep.getByRole('img', { name: 'Foto 1 zu „Wärmeerzeuger“' })).toBeVisible();
    await expect(onStep.getByRole('button', { name: 'Foto 1 zu „Wärmeerzeuger“ entfernen' })).toBeVisible();
    await architectContext.close();
  });

  test('on a phone in the cellar: a nameplate photo taken without a connection waits under its question, and is there once online', async ({ browser, request }) => {
    const { client, projectId } = await seedClientProject(request);
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await loginAsClientWithProject(page, client, projectId);
    await page.goto('/heating');
    const add = page.getByRole('button', { name: 'Foto hinzufügen zu „Wärmeerzeuger“' });
    await expect(add).toBeVisible();
    // The app is kept on the device before the connection goes.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    const chooser = page.waitForEvent('filechooser');
    await add.click();
    await (await chooser).setFiles({ name: 'typenschild.png', mimeType: 'image/png', buffer: twoByTwoPng() });
    await expect(page.getByText('Foto auf diesem Gerät gespeichert — wird übertragen, sobald Sie online sind.')).toBeVisible();
    const photos = page.getByRole('list', { name: 'Fotos zu „Wärmeerzeuger“' });
    await expect(photos.getByText('Wartet auf Verbindung')).toBeVisible();
    await context.setOffline(false);
    await expect(photos.getByRole('img', { name: 'Foto 1 zu „Wärmeerzeuger“' })).toBeVisible();
    await expect(photos.getByText('Wartet auf Verbindung')).toHaveCount(0);
    await context.close();
  });
});
