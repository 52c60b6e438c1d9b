import { expect, test, type Page } from '@playwright/test';
import { createArchitectViaApi } from './support/accounts';
import { loginAs, loginAsAdmin, withServiceWorker } from './support/fixtures';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject } from './support/questionnaire-seed';

/** Every API request the page makes from now on, as 'GET /api/…?…'. */
function recordApiRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${req.method()} ${url.pathname}${url.search}`);
  });
  return asked;
}

// index.html asks for the shell's and the page's code early, from an inline script the CSP allows by its hash.
test.use(withServiceWorker);

test.describe('start of a logged-in page', () => {
  test('a reload of the dashboard fetches the shell code from the head, with no script blocked', async ({ page, request }) => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to execute/i.test(message.text())) blocked.push(message.text());
    });
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.reload();
    await expect(cardOf(page, 'Projekte mit Neuerungen')).toBeVisible();
    await expect(page.locator('head link[rel="modulepreload"][href*="/assets/app-shell-"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="modulepreload"][href*="/assets/architect-dashboard-page-"]')).toHaveCount(1);
    // The grid's stylesheet, beside the entry's.
    await expect(page.locator('head link[rel="stylesheet"]:not([href*="/assets/index-"])')).toHaveCount(1);
    expect(blocked).toEqual([]);
  });

  test("the dashboard's start loads none of the other pages' code; a step's start asks for the questionnaire's from the head", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));

    await page.reload();
    await expect(cardOf(page, 'Projekte mit Neuerungen')).toBeVisible();
    expect(requested.filter((path) => /(questionnaire-(pages|api)|admin-page|project-overview-page)-/.test(path))).toEqual([]);

    await page.goto('/general');
    await expect(page.locator('head link[rel="modulepreload"][href*="/assets/questionnaire-pages-"]')).toHaveCount(1);
  });

  test("a reload of the dashboard asks the API for each thing once: the start's prefetched answers serve the page", async ({ page, request }) => {
    const architect = await createArchitectViaApi(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // What the page before the reload still asks on a slow machine is not the start's.
    await expect(cardOf(page, 'Projekte mit Neuerungen')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const asked = recordApiRequests(page);

    await page.reload();
    await expect(cardOf(page, 'Projekte mit Neuerungen')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The chat's lists and unread count are read again once the live channel stands, whenever it
    // comes: a message sent before it did came by no queue.
    const caughtUp = ['GET /api/MessageManagment/unread', `GET /api/MessageManagment/newChat/${architect.username}`];
    const again = asked.filter((each, index) => asked.indexOf(each) !== index);
    expect(again.filter((each) => !caughtUp.includes(each))).toEqual([]);
    expect(asked.filter((each) => each.startsWith('GET /api/dashboardLayout/'))).toHaveLength(1);
  });

  test("the project overview's start asks for the project, its files and its change log together, once each", async ({ page, request }) => {
    const { architect, projectId, projectName } = await seedClientProject(request);
    await loginAs(page, architect.username, architect.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.waitForLoadState('networkidle');
    const asked = recordApiRequests(page);
    // Left to the page, the files and the change log would be asked only after the project's answer.
    const events: string[] = [];
    page.on('request', (req) => events.push(`asked ${new URL(req.url()).pathname}`));
    page.on('response', (res) => events.push(`answered ${new URL(res.url()).pathname}`));

    await page.goto(`/projectOverview?projectId=${projectId}`);
    await expect(page.getByRole('heading', { name: projectName })).toBeVisible();
    await expect(page.getByText('Noch keine Dateien vorhanden.')).toBeVisible();
    await expect(page.getByText('Am Fragebogen und an den Plänen wurde noch nichts geändert.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const path of [`/api/DashboardClient/project/${projectId}`, `/api/s3/project/${projectId}`, `/api/questionnaire/${projectId}/changes`]) {
      expect(asked.filter((each) => each.split('?')[0] === `GET ${path}`), path).toHaveLength(1);
    }
    const projectAnswered = events.indexOf(`answered /api/DashboardClient/project/${projectId}`);
    expect(events.indexOf(`asked /api/s3/project/${projectId}`)).toBeLessThan(projectAnswered);
    expect(events.indexOf(`asked /api/questionnaire/${projectId}/changes`)).toBeLessThan(projectAnswered);
  });

  test("a reload of a questionnaire step asks for the project and the step's answers once each", async ({ page, request }) => {
    const { client, projectId, projectName } = await seedClientProject(request);
    await loginAsClientWithProject(page, client, projectId);
    await page.goto('/windows');
    await expect(page.getByRole('button', { name: 'Speichern und Weiter' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const asked = recordApiRequests(page);

    await page.reload();
    await expect(page.getByText(projectName).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Speichern und Weiter' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const path of [`/api/DashboardClient/project/${projectId}`, `/api/windows/${projectId}`]) {
      expect(asked.filter((each) => each === `GET ${path}`), path).toHaveLength(1);
    }
  });

  test("a reload of the administration asks for its teams, architects and failed mails once each", async ({ page }) => {
    const lists = ['/api/team/allTeams', '/api/team/available-architects', '/api/admin/mail-failures'];
    // The login navigates within the page, so the load state says nothing of the lists it asks for.
    const listed = lists.map((path) => page.waitForResponse((response) => new URL(response.url()).pathname === path));
    await loginAsAdmin(page);
    await expect(page).toHaveURL(/\/admin$/);
    await Promise.all(listed);
    const asked = recordApiRequests(page);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Neues Team erstellen' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const path of lists) {
      expect(asked.filter((each) => each === `GET ${path}`), path).toHaveLength(1);
    }
  });

  test("a chat link's start asks for the chat's code from the head and for the chat's messages once", async ({ page, request }) => {
    const { architect, client } = await seedClientProject(request);
    const token = ((await (await request.post('/api/auth/login', { data: { username: architect.username, password: architect.password } })).json()) as { token: string }).token;
    const created = await request.post('/api/MessageManagment/createChat', {
      data: { message: 'Die Pläne sind freigegeben.', senderUsername: architect.username, receiverUsername: client.username },
      headers: { authorization: `Bearer ${token}` },
    });
    const { chatId } = (await created.json()) as { chatId: number };
    await loginAs(page, client.username, client.password);
    await expect(page).toHaveURL(/\/dashboardClient$/);
    await page.waitForLoadState('networkidle');
    const asked = recordApiRequests(page);

    await page.goto(`/dashboardClient?chat=${chatId}`);
    const chat = page.getByRole('dialog', { name: 'Chat Übersicht' });
    await expect(chat.getByRole('log').getByText('Die Pläne sind freigegeben.')).toBeVisible();
    await expect(page.locator('head link[rel="modulepreload"][href*="/assets/chat-dialog-"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(asked.filter((each) => each === `GET /api/MessageManagment/receiver/${client.username}?chatId=${chatId}`)).toHaveLength(1);
  });

  test('the login page loads none of it', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Willkommen Zurück!' })).toBeVisible();
    await expect(page.locator('head link[href*="/assets/app-shell-"]')).toHaveCount(0);
    expect(requested.some((path) => /(app-shell|dashboard-page)-/.test(path))).toBe(false);
  });
});
