import { expect, test, type Locator, type Page } from '@playwright/test';
import { createArchitectViaApi } from './support/accounts';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { cardOf } from './support/portal';
import { fullAnswers, seedClientProject } from './support/questionnaire-seed';
import { twoByTwoPng } from './support/sample-files';

const layoutSaved = (page: Page, dashboard: 'architect' | 'client') =>
  page.waitForResponse((response) => response.url().endsWith(`/api/dashboardLayout/${dashboard}`) && response.request().method() === 'PUT' && response.ok());

async function position(card: Locator): Promise<{ x: number; y: number }> {
  const box = await card.boundingBox();
  if (!box) throw new Error('card not visible');
  return { x: Math.round(box.x), y: Math.round(box.y) };
}

test.describe('dashboards', () => {
  test('a card dragged by its handle keeps its place after a reload', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Dashboard – Bauakte');

    const userCard = cardOf(page, 'Benutzerinformationen');
    const messages = cardOf(page, 'Neusten Nachrichten');
    await expect(userCard).toBeVisible();
    // The card names the person, not their account.
    await expect(userCard.getByText('Erika Muster')).toBeVisible();
    const before = await position(userCard);
    const target = await position(messages);
    expect(before.x).toBeLessThan(target.x);

    const handle = page.getByRole('button', { name: 'Karte „Benutzerinformationen“ verschieben' });
    const box = await handle.boundingBox();
    if (!box) throw new Error('handle not visible');
    const saved = layoutSaved(page, 'architect');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const dx = target.x - before.x;
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + box.width / 2 + (dx * step) / 10, box.y + box.height / 2 + 5);
    await page.mouse.up();
    await saved;
    // In the column of 'Neusten Nachrichten', measured again: a scroll bar that comes or goes as the
    // cards fill moves every column by a few pixels. Columns sit hundreds of pixels apart; a pixel
    // of sub-pixel rounding is not a different column.
    const offColumn = async () => Math.abs((await position(cardOf(page, 'Benutzerinformationen'))).x - (await position(messages)).x);
    await expect.poll(offColumn).toBeLessThanOrEqual(2);

    await page.reload();
    await expect(cardOf(page, 'Benutzerinformationen')).toBeVisible();
    await expect.poll(offColumn).toBeLessThanOrEqual(2);
    await expectNoSeriousA11yViolations(page);
  });

  test('the keyboard moves a card of the client dashboard, and the layout is restored on the next visit', async ({ page, request }) => {
    const { client } = await seedClientProject(request);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await expect(cardOf(page, 'Projektübersicht').getByRole('button', { name: /Sanierung/ })).toHaveCount(1);

    const headings = () => page.getByRole('heading', { level: 2 }).allTextContents();
    expect(await headings()).toEqual(['Projektübersicht', 'Neusten Nachrichten', 'Benutzerinformationen']);
    const saved = layoutSaved(page, 'client');
    await page.getByRole('button', { name: 'Karte „Benutzerinformationen“ verschieben' }).focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('status').filter({ hasText: 'Benutzerinformationen: Spalte 1, Reihe 1' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Karte „Benutzerinformationen“ verschieben' })).toBeFocused();
    await saved;

    await page.reload();
    await expect(cardOf(page, 'Benutzerinformationen')).toBeVisible();
    expect(await headings()).toEqual(['Benutzerinformationen', 'Neusten Nachrichten', 'Projektübersicht']);
    await expectNoSeriousA11yViolations(page);
  });

  test('on a phone the cards stack in full width', async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const news = await position(cardOf(page, 'Projekte mit Neuerungen'));
    const messages = await position(cardOf(page, 'Neusten Nachrichten'));
    expect(messages.x).toBe(news.x);
    expect(messages.y).toBeGreaterThan(news.y);
    await expect(page.getByRole('button', { name: /verschieben/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Neues Projekt' })).toBeVisible();
  });

  test("the first Tab reaches 'Zum Inhalt springen', whose Enter moves focus past the sidebar to the page", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(cardOf(page, 'Benutzerinformationen')).toBeVisible();

    const skipLink = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await page.keyboard.press('Tab');
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Enter');
    const main = page.getByRole('main');
    await expect(main).toBeFocused();
    await expect(main).toHaveAttribute('id', 'main-content');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The next Tab starts inside the page, not back in the sidebar.
    await page.keyboard.press('Tab');
    await expect(main.locator(':focus')).toHaveCount(1);
  });
});

for (const viewport of [{ width: 375, height: 667 }, { width: 1366, height: 768 }]) {
  test(`'Projekte mit Neuerungen' says 'neue Nachricht' while the customer's message is unread (${viewport.width} px)`, async ({ browser, request }) => {
    const { architect, client, projectName } = await seedClientProject(request);
    const clientToken = ((await (await request.post('/api/auth/login', { data: { username: client.username, password: client.password } })).json()) as { token: string }).token;
    const sent = await request.post('/api/MessageManagment/createChat', {
      data: { message: 'Die Fotos sind oben.', senderUsername: client.username, receiverUsername: architect.username },
      headers: { authorization: `Bearer ${clientToken}` },
    });
    expect(sent.status()).toBe(201);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const entry = cardOf(page, 'Projekte mit Neuerungen').getByRole('button', { name: new RegExp(projectName) });
    await expect(entry).toContainText('neue Nachricht');
    await context.close();
  });
}

for (const viewport of [{ width: 375, height: 667 }, { width: 1366, height: 768 }]) {
  test(`'Projekte mit Neuerungen' says what is new: 'Fragebogen N %' and '2 neue Dateien' (${viewport.width} px)`, async ({ browser, request }) => {
    const { architect, client, projectId, projectName } = await seedClientProject(request);
    const clientToken = ((await (await request.post('/api/auth/login', { data: { username: client.username, password: client.password } })).json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${clientToken}` };
    expect((await request.put(`/api/general/${projectId}`, { data: fullAnswers.general, headers })).status()).toBe(200);
    for (const title of ['Ansicht Nord', 'Ansicht Süd']) {
      const uploaded = await request.post('/api/s3/upload', {
        headers,
        multipart: { projectId: String(projectId), fileName: title, documentType: 'PNG', file: { name: 'ansicht.png', mimeType: 'image/png', buffer: twoByTwoPng() } },
      });
      expect(uploaded.status(), 'photo uploaded').toBe(201);
    }
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const entry = cardOf(page, 'Projekte mit Neuerungen').getByRole('button', { name: new RegExp(projectName) });
    await expect(entry).toContainText(/Fragebogen \d+ %/);
    await expect(entry).toContainText('2 neue Dateien');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
}
