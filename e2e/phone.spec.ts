import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueName } from './support/accounts';
import { expectNoSeriousA11yViolations, loginAs, loginAsAdmin } from './support/fixtures';
import { createCustomerThroughApp } from './support/portal';
import { seedClientProject, selectProjectInSession } from './support/questionnaire-seed';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** Every entry title, group label and entry of a sidebar whose text does not fit its box. */
async function clippedSidebarLabels(nav: Locator): Promise<{ checked: number; clipped: string[] }> {
  return nav.evaluate((root) => {
    const labels = Array.from(
      root.querySelectorAll('li > a, li > button, li > a > span, li > button > span, [role="group"] > div:first-child, p'),
    );
    const clipped = labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => `${label.textContent ?? ''} (${label.scrollWidth} > ${label.clientWidth})`);
    return { checked: labels.length, clipped };
  });
}

async function expectSidebarLabelsWhole(nav: Locator, atLeast: number): Promise<void> {
  const { checked, clipped } = await clippedSidebarLabels(nav);
  expect(checked).toBeGreaterThanOrEqual(atLeast);
  expect(clipped).toEqual([]);
}

async function openPhoneSidebar(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }).click();
  const sheet = page.getByRole('dialog', { name: 'Navigation' });
  await expect(sheet).toBeVisible();
  return sheet;
}

async function expectFullScreen(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.x).toBeCloseTo(0, 0);
  expect(box?.y).toBeCloseTo(0, 0);
  expect(box?.width).toBeCloseTo(phone.width, 0);
  expect(box?.height).toBeCloseTo(phone.height, 0);
}

test.describe('on a phone (390 × 844)', () => {
  // Seeding waits for invitation mails; both workers share one server.
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: phone });

  test('an architect gets full-screen dialogs, a card list of customers, whole sidebar titles and toasts', async ({ page, request }) => {
    const seed = await seedClientProject(request);
    await loginAs(page, seed.architect.username, seed.architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await selectProjectInSession(page, seed.projectId);
    await page.reload();

    const sheet = await openPhoneSidebar(page);
    await expectSidebarLabelsWhole(sheet.locator('nav'), 20);
    await sheet.getByRole('button', { name: 'Nutzer hinzufügen', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neuen Benutzer erstellen' });
    await expectFullScreen(create);
    // The close button stays in reach at the top, the submit button at the end of the scrolling body.
    await expect(create.getByRole('button', { name: 'Schließen' })).toBeInViewport();
    await create.getByRole('button', { name: 'Benutzer erstellen' }).scrollIntoViewIfNeeded();
    await expect(create.getByRole('button', { name: 'Benutzer erstellen' })).toBeInViewport();
    await expect(create.getByRole('heading', { name: 'Neuen Benutzer erstellen' })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(create).toHaveCount(0);

    // A long address: it must wrap at its dots or '@', onto one or two lines, never letter by letter.
    const customerName = uniqueName('kundin');
    const email = `${customerName}.vorname.nachname@architektur-und-planung.example.at`;
    // 'Nutzer hinzufügen' lies in the sidebar sheet on phones.
    await openPhoneSidebar(page);
    await createCustomerThroughApp(page, { username: customerName, email });
    const toast = page.getByText('Kunde/Kundin angelegt', { exact: true });
    await expect(toast).toBeVisible();
    const toastBox = await toast.locator('xpath=..').boundingBox();
    expect(toastBox?.width).toBeCloseTo(phone.width, 0);
    expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0)).toBeCloseTo(phone.height, 0);

    await (await openPhoneSidebar(page)).getByRole('button', { name: 'Projekt erstellen', exact: true }).click();
    await expectFullScreen(page.getByRole('dialog', { name: 'Neues Projekt erstellen' }));
    await page.keyboard.press('Escape');

    await (await openPhoneSidebar(page)).getByRole('button', { name: 'Registrierte Nutzer' }).click();
    const overview = page.getByRole('dialog', { name: 'Kundenübersicht' });
    await expectFullScreen(overview);
    const card = overview.getByRole('row').filter({ hasText: email });
    await expect(card).toHaveCSS('display', 'block');
    await expect(overview.locator('thead')).not.toBeInViewport();
    const address = card.getByText(email, { exact: true });
    await expect(address).toBeInViewport();
    const layout = await address.evaluate((element) => {
      const cell = element.closest('td');
      const lines = element.getClientRects().length;
      const right = element.getBoundingClientRect().right;
      return { lines, right, cellWidth: cell?.getBoundingClientRect().width ?? 0, label: cell ? getComputedStyle(cell, '::before').content : '' };
    });
    expect(layout.lines).toBeGreaterThanOrEqual(1);
    expect(layout.lines).toBeLessThanOrEqual(2);
    expect(layout.right).toBeLessThanOrEqual(phone.width);
    expect(layout.cellWidth).toBeGreaterThan(250);
    expect(layout.label).toBe('"E-Mail"');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.goto('/projectOverview');
    await page.getByRole('button', { name: 'Projekt löschen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Projekt löschen' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Projekt gelöscht', { exact: true })).toBeVisible();
  });

  test("the client's and the admin's sidebar titles are whole", async ({ page, request }) => {
    const seed = await seedClientProject(request);
    await loginAs(page, seed.client.username, seed.client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await selectProjectInSession(page, seed.projectId);
    await page.reload();
    await expectSidebarLabelsWhole((await openPhoneSidebar(page)).locator('nav'), 15);

    await page.setViewportSize(desktop);
    await expectSidebarLabelsWhole(page.locator('aside nav'), 15);

    // Logout would end the session on the server too; forgetting this tab's token is enough to log in anew.
    await page.evaluate(() => sessionStorage.clear());
    await loginAsAdmin(page);
    await expectSidebarLabelsWhole(page.locator('aside nav'), 5);
    await page.setViewportSize(phone);
    await expectSidebarLabelsWhole((await openPhoneSidebar(page)).locator('nav'), 5);
  });
});

test.describe('on a desktop (1280 × 800)', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: desktop });

  // One size means one rule: as wide as a form needs (45 rem, at most 80 % of the viewport), centred,
  // as high as the content up to the viewport.
  test("the create dialogs and 'Projekt bearbeiten' share one size; the sidebar titles are whole", async ({ page, request }) => {
    const seed = await seedClientProject(request);
    await loginAs(page, seed.architect.username, seed.architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await selectProjectInSession(page, seed.projectId);
    await page.goto('/projectOverview');
    await expectSidebarLabelsWhole(page.locator('aside nav'), 20);

    const sizeOf = async (dialog: Locator) => {
      await expect(dialog).toBeVisible();
      return dialog.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const body = element.querySelector('[data-dialog-body]');
        return {
          x: box.x,
          centredVertically: Math.abs(box.y + box.height / 2 - window.innerHeight / 2) < 1,
          width: box.width,
          height: box.height,
          // Either the content fits, or the dialog is as high as the viewport and its body scrolls.
          fitsOrScrolls: body !== null && (body.scrollHeight <= body.clientHeight || Math.round(box.height) === window.innerHeight),
        };
      });
    };

    await page.getByRole('button', { name: 'Nutzer hinzufügen', exact: true }).click();
    const createCustomer = await sizeOf(page.getByRole('dialog', { name: 'Neuen Benutzer erstellen' }));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Projekt erstellen', exact: true }).click();
    const createProject = await sizeOf(page.getByRole('dialog', { name: 'Neues Projekt erstellen' }));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Projekt bearbeiten' }).click();
    const editProject = await sizeOf(page.getByRole('dialog', { name: 'Projekt bearbeiten' }));

    for (const size of [createCustomer, createProject, editProject]) {
      expect(size.width).toBeCloseTo(Math.min(desktop.width * 0.8, 45 * 16), 0);
      expect(size.x).toBeCloseTo((desktop.width - size.width) / 2, 0);
      expect(size.height).toBeLessThanOrEqual(desktop.height);
      expect(size.fitsOrScrolls).toBe(true);
      expect(size.centredVertically).toBe(true);
    }
  });

  test('a ctrl+click on a sidebar link opens a new, logged-in tab; a plain click on Home still clears the project', async ({ page, request }) => {
    const seed = await seedClientProject(request);
    await loginAs(page, seed.architect.username, seed.architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await selectProjectInSession(page, seed.projectId);
    await page.goto('/projectOverview');
    await expect(page.getByRole('heading', { level: 1, name: seed.projectName })).toBeVisible();

    const [general] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Allgemeine Informationen' }).click({ modifiers: ['Control'] }),
    ]);
    await expect(general).toHaveURL(/\/general$/);
    await expect(general.getByRole('heading', { level: 1, name: 'Allgemeine Informationen' })).toBeVisible();
    await expect(page).toHaveURL(/\/projectOverview$/);

    // A middle click too; the new tab knows the token and the chosen project.
    const [overview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Übersicht', exact: true }).click({ button: 'middle' })]);
    await expect(overview).toHaveURL(/\/projectOverview$/);
    await expect(overview.getByRole('heading', { level: 1, name: seed.projectName })).toBeVisible();
    await expect(page).toHaveURL(/\/projectOverview$/);

    const [home] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Home' }).click({ modifiers: ['Control'] })]);
    await expect(home).toHaveURL(/\/dashboard$/);
    await expect(home.getByRole('link', { name: 'Home' })).toBeVisible();
    // The ctrl+click left this tab and its project alone.
    await expect(page).toHaveURL(/\/projectOverview$/);
    expect(await page.evaluate(() => sessionStorage.getItem('projectId'))).toBe(String(seed.projectId));

    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => sessionStorage.getItem('projectId'))).toBeNull();
    await expect(page.getByRole('link', { name: 'Allgemeine Informationen' })).toHaveCount(0);
  });
});
