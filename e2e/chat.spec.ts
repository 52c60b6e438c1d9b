import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { cardOf } from './support/portal';
import { seedClientProject } from './support/questionnaire-seed';
import type { TestAccount } from './support/accounts';
import { appPathOf, linkIn, mailsTo, waitForMail } from './support/mail';

async function loggedIn(browser: Browser, account: TestAccount, home: RegExp): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, account.username, account.password);
  await expect(page).toHaveURL(home);
  return page;
}

const chatDialog = (page: Page) => page.getByRole('dialog', { name: 'Chat Übersicht' });
const log = (page: Page) => chatDialog(page).getByRole('log');

test.describe('chat', () => {
  test.describe.configure({ timeout: 150_000 });

  test('an architect starts a chat; the client sees it live, answers, and the architect counts what is unread', async ({ browser, request }) => {
    const { architect, client } = await seedClientProject(request);
    const clientPage = await loggedIn(browser, client, /\/dashboardClient$/);
    await expect(cardOf(clientPage, 'Neusten Nachrichten').getByText('Keine neuen Nachrichten')).toBeVisible();
    await clientPage.getByRole('button', { name: 'Benachrichtigungen anzeigen' }).click();
    await expect(chatDialog(clientPage).getByText('Noch keine Unterhaltungen. Starten Sie einen neuen Chat.')).toBeVisible();

    const architectPage = await loggedIn(browser, architect, /\/dashboard$/);
    await cardOf(architectPage, 'Neusten Nachrichten').getByRole('button', { name: 'Neuer Chat' }).click();
    const newChat = architectPage.getByRole('dialog', { name: 'Neuer Chat' });
    const send = newChat.getByRole('button', { name: 'Senden' });
    await expect(send).toBeDisabled();
    await newChat.getByLabel('Kunde').selectOption(client.username);
    await newChat.getByLabel('Nachricht').fill('Grüß Gott!\nBitte schicken Sie mir den Einreichplan.');
    await send.click();
    await expect(log(architectPage).getByText('Bitte schicken Sie mir den Einreichplan.', { exact: false })).toBeVisible();

    // The client's open dialog shows the new conversation without a reload; being the only one, it
    // opens at once, and so is read.
    const conversation = chatDialog(clientPage).getByRole('navigation').getByRole('button', { name: /Erika Muster/ });
    await expect(conversation).toBeVisible();
    await expect(log(clientPage).getByText('Grüß Gott!', { exact: false })).toBeVisible();
    await expect(conversation.getByLabel('1 ungelesene Nachricht')).toHaveCount(0);
    await expectNoSeriousA11yViolations(clientPage);

    // Both are online: the answer goes over the live channel and appears at once on the other side.
    await expect(chatDialog(clientPage).getByText('Live verbunden')).toBeVisible();
    const box = chatDialog(clientPage).getByRole('textbox', { name: 'Nachricht' });
    await box.fill('Gerne, ');
    await box.press('Shift+Enter');
    await box.pressSequentially('ich lade ihn morgen hoch.');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(log(architectPage).getByText('ich lade ihn morgen hoch.', { exact: false })).toBeVisible();
    await expect(log(clientPage).getByText('ich lade ihn morgen hoch.', { exact: false })).toHaveCount(1);

    // With the dialog closed, a new message counts as unread for the architect.
    await chatDialog(architectPage).getByRole('button', { name: 'Schließen', exact: true }).first().click();
    await expect(chatDialog(architectPage)).toHaveCount(0);
    await box.fill('Noch eine Frage zur Heizung.');
    await box.press('Enter');
    await expect(architectPage.getByRole('button', { name: /Benachrichtigungen anzeigen.*1 ungelesene Nachricht/ })).toBeVisible();
    await expect(cardOf(architectPage, 'Neusten Nachrichten').getByText('Noch eine Frage zur Heizung.')).toBeVisible();

    // The card opens the chat; reading it clears the badge.
    await cardOf(architectPage, 'Neusten Nachrichten').getByText('Noch eine Frage zur Heizung.').click();
    await expect(log(architectPage).getByText('Noch eine Frage zur Heizung.')).toBeVisible();
    await expect(architectPage.getByRole('button', { name: /1 ungelesene Nachricht/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(architectPage);

    // The client has no delete button; the architect deletes after the question.
    await expect(chatDialog(clientPage).getByRole('button', { name: /löschen/ })).toHaveCount(0);
    await chatDialog(architectPage).getByRole('button', { name: 'Chat mit Klara Kundin löschen' }).click();
    const question = architectPage.getByRole('alertdialog', { name: 'Möchtest du diesen Chat wirklich löschen?' });
    await question.getByRole('button', { name: 'Chat löschen' }).click();
    await expect(chatDialog(architectPage).getByText('Der Chat wurde gelöscht.')).toBeVisible();
    await expect(chatDialog(architectPage).getByRole('button', { name: /Klara Kundin/ })).toHaveCount(0);

    await clientPage.context().close();
    await architectPage.context().close();
  });

  for (const viewport of [{ width: 320, height: 640 }, { width: 1280, height: 800 }]) {
    test(`a long word and a long URL wrap inside their bubbles at ${viewport.width} px: nothing scrolls sideways, 'Senden' stays in view`, async ({ browser, request }) => {
      const { architect, client } = await seedClientProject(request);
      const token = ((await (await request.post('/api/auth/login', { data: { username: architect.username, password: architect.password } })).json()) as { token: string }).token;
      await request.post('/api/MessageManagment/createChat', {
        data: { message: 'Hallo vom Büro', senderUsername: architect.username, receiverUsername: client.username },
        headers: { authorization: `Bearer ${token}` },
      });
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await loginAs(page, client.username, client.password);
      await cardOf(page, 'Neusten Nachrichten').getByText('Hallo vom Büro').click();
      await expect(log(page).getByText('Hallo vom Büro')).toBeVisible();
      // Opening marks the chat read and asks for the list again; a send before that answer may be hidden by it.
      await expect(chatDialog(page).getByLabel(/ungelesene Nachricht/)).toHaveCount(0);
      await page.waitForLoadState('networkidle');

      const longWord = 'Donaudampfschifffahrt'.repeat(15).slice(0, 300);
      const longUrl = `https://www.example.at/bauakte/einreichplan/${'unterverzeichnis-'.repeat(12)}plan.pdf?version=${'0123456789'.repeat(8)}`;
      const box = chatDialog(page).getByRole('textbox', { name: 'Nachricht' });
      for (const message of [longWord, longUrl]) {
        await box.fill(message);
        await box.press('Enter');
        await expect(box).toHaveValue('');
        await expect(log(page).getByText(message)).toBeVisible();
      }

      const overflowing = await chatDialog(page).evaluate((dialog) =>
        [dialog, dialog.querySelector('[data-dialog-body]'), dialog.querySelector('[role="log"]')]
          .filter((element): element is Element => element !== null)
          .filter((element) => element.scrollWidth > element.clientWidth)
          .map((element) => `${element.getAttribute('role') ?? element.tagName}: ${element.scrollWidth} > ${element.clientWidth}`),
      );
      expect(overflowing).toEqual([]);
      const bubble = await log(page).getByText(longWord).boundingBox();
      const logBox = await log(page).boundingBox();
      expect(bubble!.x + bubble!.width).toBeLessThanOrEqual(logBox!.x + logBox!.width);
      const send = await chatDialog(page).getByRole('button', { name: 'Senden' }).boundingBox();
      expect(send!.x).toBeGreaterThanOrEqual(0);
      expect(send!.x + send!.width).toBeLessThanOrEqual(viewport.width);
      await expect(chatDialog(page).getByRole('heading', { name: 'Erika Muster' })).toBeInViewport();
      if (viewport.width >= 640) await expect(chatDialog(page).getByRole('navigation', { name: 'Unterhaltungen' })).toBeInViewport();
      await context.close();
    });
  }

  test('on a phone the list and the conversation are two screens', async ({ browser, request }) => {
    const { architect, client } = await seedClientProject(request);
    const token = ((await (await request.post('/api/auth/login', { data: { username: architect.username, password: architect.password } })).json()) as { token: string }).token;
    await request.post('/api/MessageManagment/createChat', {
      data: { message: 'Hallo vom Büro', senderUsername: architect.username, receiverUsername: client.username },
      headers: { authorization: `Bearer ${token}` },
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await loginAs(page, client.username, client.password);
    await cardOf(page, 'Neusten Nachrichten').getByText('Hallo vom Büro').click();
    await expect(log(page).getByText('Hallo vom Büro')).toBeVisible();
    await expect(chatDialog(page).getByRole('navigation', { name: 'Unterhaltungen' })).toBeHidden();
    await chatDialog(page).getByRole('button', { name: 'Zurück zu den Unterhaltungen' }).click();
    await expect(chatDialog(page).getByRole('button', { name: /Erika Muster/ })).toBeVisible();
    await expect(log(page)).toBeHidden();
    await context.close();
  });
});

test('a client who is away gets one mail; its link opens the chat after the login', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  const { architect, client } = await seedClientProject(request);
  const token = ((await (await request.post('/api/auth/login', { data: { username: architect.username, password: architect.password } })).json()) as { token: string }).token;
  const post = (url: string, data: object) => request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  const created = await post('/api/MessageManagment/createChat', { message: 'Der Termin ist fix.', senderUsername: architect.username, receiverUsername: client.username });
  const { chatId } = (await created.json()) as { chatId: number };
  await post('/api/MessageManagment', { message: 'Und bitte den Schlüssel mitbringen.', senderUsername: architect.username, receiverUsername: client.username, chatId, isRead: false });

  const mail = await waitForMail(client.email, /Neue Nachricht von Erika Muster/);
  const link = appPathOf(linkIn(mail, '/dashboardClient?chat='));
  expect(link).toBe(`/dashboardClient?chat=${chatId}`);
  expect(await mailsTo(client.email, /Neue Nachricht/), 'one mail for both messages').toHaveLength(1);

  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Benutzername').fill(client.username);
  await page.getByLabel('Passwort').fill(client.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(log(page).getByText('Und bitte den Schlüssel mitbringen.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboardClient$/);

  // On a phone the chat covers the screen; closing it shows the dashboard behind it.
  const phone = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const onPhone = await phone.newPage();
  await loginAs(onPhone, client.username, client.password);
  // The login's answer first: a navigation before it would leave without the session.
  await expect(onPhone).toHaveURL(/\/dashboardClient$/);
  await onPhone.goto(link);
  await expect(log(onPhone).getByText('Und bitte den Schlüssel mitbringen.')).toBeVisible();
  const sheet = await chatDialog(onPhone).boundingBox();
  expect(sheet).toEqual({ x: 0, y: 0, width: 375, height: 667 });
  await chatDialog(onPhone).getByRole('button', { name: 'Schließen' }).last().click();
  await expect(chatDialog(onPhone)).toHaveCount(0);
  await expect(onPhone.getByRole('heading', { level: 1, name: 'Meine Projekte' })).toBeVisible();
  await expect(cardOf(onPhone, 'Neusten Nachrichten').getByText('Und bitte den Schlüssel mitbringen.')).toBeVisible();
  await phone.close();
});

test("a long chat shows its latest 20 messages; 'Ältere Nachrichten laden' brings the earlier ones", async ({ browser, request }) => {
  test.setTimeout(150_000);
  const { architect, client } = await seedClientProject(request);
  const token = ((await (await request.post('/api/auth/login', { data: { username: architect.username, password: architect.password } })).json()) as { token: string }).token;
  const post = (url: string, data: object) => request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  const created = await post('/api/MessageManagment/createChat', { message: 'Nachricht 1', senderUsername: architect.username, receiverUsername: client.username });
  const { chatId } = (await created.json()) as { chatId: number };
  for (let number = 2; number <= 60; number += 1) {
    const sent = await post('/api/MessageManagment', { message: `Nachricht ${number}`, senderUsername: architect.username, receiverUsername: client.username, chatId, isRead: false });
    expect(sent.status()).toBe(201);
  }

  const page = await loggedIn(browser, architect, /\/dashboard$/);
  await page.getByRole('button', { name: 'Benachrichtigungen anzeigen' }).click();
  // The only conversation opens at once.
  // Own messages read 'Sie: …' (the sender is named for screen readers).
  const said = (number: number) => log(page).getByText(`Sie: Nachricht ${number}`, { exact: true });
  await expect(said(60)).toBeVisible();
  await expect(said(41)).toHaveCount(1);
  await expect(said(40)).toHaveCount(0);
  const older = log(page).getByRole('button', { name: 'Ältere Nachrichten laden' });
  await older.click();
  await expect(said(21)).toHaveCount(1);
  await expect(said(20)).toHaveCount(0);
  await older.click();
  await expect(said(1)).toHaveCount(1);
  await expect(log(page).getByRole('button', { name: 'Ältere Nachrichten laden' })).toHaveCount(0);
  await expect(log(page).locator('p')).toHaveCount(60);
  await page.context().close();
});

const sizes = [
  { name: 'phone', viewport: { width: 375, height: 667 } },
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
];

/** Sums the layout shifts the browser reports (PerformanceObserver 'layout-shift') of elements in the 'Chat Übersicht' dialog. */
async function watchChatShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { chatShifts: shifts });
    const inChat = (node: Node | null | undefined) => {
      const element = node instanceof Element ? node : node?.parentElement;
      return element?.closest('[role="dialog"]')?.querySelector('h2')?.textContent === 'Chat Übersicht';
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> }>) {
        if (entry.sources?.some((source) => inChat(source.node))) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { chatShifts: number[] }).chatShifts);
}

/** 'Benachrichtigungen anzeigen' in the sidebar; on a phone the sidebar is a sheet opened first. */
async function openChatFromSidebar(page: Page, phone: boolean): Promise<void> {
  if (phone) {
    await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('button', { name: /^Benachrichtigungen anzeigen/ }).click();
    return;
  }
  await page.getByRole('button', { name: /^Benachrichtigungen anzeigen/ }).click();
}

for (const { name, viewport } of sizes) {
  test(`with one conversation the chat opens it at once; nothing in the dialog moves while it loads; its title is said once (${name})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const { architect, client } = await seedClientProject(request);
    const token = ((await (await request.post('/api/auth/login', { data: { username: architect.username, password: architect.password } })).json()) as { token: string }).token;
    const post = (url: string, data: object) => request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
    const created = await post('/api/MessageManagment/createChat', { message: 'Nachricht 1', senderUsername: architect.username, receiverUsername: client.username });
    const { chatId } = (await created.json()) as { chatId: number };
    for (let number = 2; number <= 5; number += 1) {
      await post('/api/MessageManagment', { message: `Nachricht ${number}`, senderUsername: architect.username, receiverUsername: client.username, chatId, isRead: false });
    }
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const shifts = await watchChatShifts(page);
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    // The list and the messages come late, as on a slow connection: once the dialog stands without them.
    let releaseChats = () => {};
    const chatsHeld = new Promise<void>((resolve) => (releaseChats = resolve));
    await page.route('**/api/MessageManagment/receiver/**', async (route) => {
      await chatsHeld;
      await route.continue();
    });
    await openChatFromSidebar(page, name === 'phone');
    const dialog = chatDialog(page);
    const newChat = dialog.getByRole('button', { name: 'Neuen Chat starten' });
    await expect(newChat).toBeVisible();
    const before = await newChat.boundingBox();
    releaseChats();
    await expect(log(page).getByText('Nachricht 5')).toBeVisible();
    await expect(dialog.getByText('Wählen Sie links eine Unterhaltung.')).toHaveCount(0);
    expect(await newChat.boundingBox()).toEqual(before);
    await expect(log(page).locator('p')).toHaveCount(5);
    expect(await shifts()).toEqual([]);

    await expect(dialog).toHaveAccessibleName('Chat Übersicht');
    await expect(dialog).toHaveAccessibleDescription('');
    await expect(dialog.getByText('Chat Übersicht', { exact: true })).toHaveCount(1);
    await context.close();
  });
}

test('on a desktop the chat takes 80 % of the width, the form for a new chat only what its fields need', async ({ browser, request }) => {
  const { client } = await seedClientProject(request);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await loginAs(page, client.username, client.password);
  await expect(page).toHaveURL(/\/dashboardClient$/);
  await openChatFromSidebar(page, false);
  const chat = await chatDialog(page).boundingBox();
  expect(chat?.width).toBeCloseTo(1366 * 0.8, 0);
  await chatDialog(page).getByRole('button', { name: 'Neuen Chat starten' }).click();
  const newChat = page.getByRole('dialog', { name: 'Neuer Chat' });
  await expect(newChat.getByRole('button', { name: 'Senden' })).toBeVisible();
  const box = await newChat.boundingBox();
  const form = await newChat.locator('form').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(45 * 16 + 1);
  // The form fills the dialog: no empty third beside it.
  expect(box!.x + box!.width - (form!.x + form!.width)).toBeLessThan(40);
  await expect(newChat).toHaveAccessibleName('Neuer Chat');
  await expect(newChat.getByText('Neuer Chat', { exact: true })).toHaveCount(1);
  await context.close();
});
