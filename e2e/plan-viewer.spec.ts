import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/fixtures';
import { cardOf } from './support/portal';
import { loginAsClientWithProject, seedClientProject } from './support/questionnaire-seed';
import { twoByTwoPng } from './support/sample-files';

const png = twoByTwoPng();
const desktop = { width: 1366, height: 768 };
const phone = { width: 375, height: 667 };

/** The client uploads a photo through the API, as the upload modal sends it. */
async function uploadPhoto(request: APIRequestContext, account: { username: string; password: string }, projectId: number): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { username: account.username, password: account.password } });
  const { token } = (await login.json()) as { token: string };
  const uploaded = await request.post('/api/s3/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { projectId: String(projectId), fileName: 'Ansicht Süd', documentType: 'PNG', file: { name: 'ansicht-sued.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), 'photo uploaded').toBe(201);
}

const zoomText = (viewer: Locator) => viewer.getByRole('group', { name: 'Zoom' }).getByText(/ %$/);

async function openViewer(page: Page): Promise<{ tile: Locator; opener: Locator; viewer: Locator }> {
  const tile = cardOf(page, 'Projektdateien').getByRole('article', { name: 'Ansicht Süd' });
  const opener = tile.getByRole('button', { name: 'Ansehen: Ansicht Süd' });
  await opener.click();
  const viewer = page.getByRole('dialog', { name: 'Ansicht Süd' });
  await expect(viewer).toBeVisible();
  const image = viewer.getByAltText('Ansicht Süd');
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { message: 'the original loaded' }).toBe(true);
  await expect(zoomText(viewer)).toHaveText('100 %');
  return { tile, opener, viewer };
}

/** The viewer covers the screen, and every control lies whole on it, at least 44 px each way. */
async function expectFullScreenWithReachableControls(viewer: Locator, size: { width: number; height: number }): Promise<void> {
  const box = await viewer.boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
  // On a phone the pins' sheet is closed: its handle is on screen, what it holds is not.
  const controls = viewer.locator('button:visible, a[href]:visible');
  expect(await controls.count()).toBeGreaterThanOrEqual(5);
  for (const control of await controls.all()) {
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '';
    const rect = await control.boundingBox();
    expect(rect, name).not.toBeNull();
    if (!rect) continue;
    expect(rect.width, `${name} wide enough`).toBeGreaterThanOrEqual(44);
    expect(rect.height, `${name} high enough`).toBeGreaterThanOrEqual(44);
    expect(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= size.width && rect.y + rect.height <= size.height, `${name} on screen`).toBe(true);
  }
}

/** Two fingers on the stage's centre move apart, as the touch screen reports it to Chromium. */
async function pinch(page: Page, stage: Locator, fromSpread: number, toSpread: number): Promise<void> {
  const box = await stage.boundingBox();
  if (!box) throw new Error('stage not laid out');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const fingers = (spread: number) => [{ x: x - spread / 2, y, id: 0 }, { x: x + spread / 2, y, id: 1 }];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(fromSpread) });
  for (let step = 1; step <= 5; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(fromSpread + ((toSpread - fromSpread) * step) / 5) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('plan viewer', () => {
  // Seeding waits for an invitation mail.
  test.describe.configure({ timeout: 150_000 });

  test('a photo opens full-screen, zooms by button, key, wheel and pinch, downloads its original and closes back to its tile', async ({ page, request }) => {
    const { client, projectId } = await seedClientProject(request);
    await uploadPhoto(request, client, projectId);
    await page.setViewportSize(desktop);
    await loginAsClientWithProject(page, client, projectId);
    await page.goto('/projectOverview');

    const original = await cardOf(page, 'Projektdateien').getByRole('link', { name: 'Download: Ansicht Süd' }).getAttribute('href');
    expect(original).toMatch(/^\/api\/s3\/download\/\d+\/\d+\?expires=/);
    const { opener, viewer } = await openViewer(page);
    await expectFullScreenWithReachableControls(viewer, desktop);
    await expect(viewer.getByRole('heading', { name: 'Ansicht Süd' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await viewer.getByRole('button', { name: 'Vergrößern' }).click();
    await expect(zoomText(viewer)).toHaveText('125 %');
    await page.keyboard.press('+');
    await expect(zoomText(viewer)).toHaveText('156 %');
    await page.keyboard.press('-');
    await expect(zoomText(viewer)).toHaveText('125 %');
    await page.keyboard.press('0');
    await expect(zoomText(viewer)).toHaveText('100 %');
    const stage = viewer.locator('[data-plan-stage]');
    const stageBox = await stage.boundingBox();
    await page.mouse.move((stageBox?.x ?? 0) + 200, (stageBox?.y ?? 0) + 150);
    await page.mouse.wheel(0, -300);
    await expect(zoomText(viewer)).not.toHaveText('100 %');
    await viewer.getByRole('button', { name: 'Einpassen' }).click();
    await expect(zoomText(viewer)).toHaveText('100 %');

    // The original, byte for byte, under its own name: the tile's own Download link.
    const download = viewer.getByRole('link', { name: 'Original herunterladen' });
    await expect(download).toHaveAttribute('href', original ?? '');
    await expect(download).toHaveAttribute('download', 'ansicht-sued.png');
    expect(await viewer.getByAltText('Ansicht Süd').getAttribute('src')).toBe(original);
    const fetched = await page.request.get(original ?? '');
    expect(Buffer.from(await fetched.body()).equals(png), 'the original comes back byte for byte').toBe(true);

    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(opener).toBeFocused();

    // On a 375 px phone: the same, every control within reach.
    await page.setViewportSize(phone);
    const onPhone = await openViewer(page);
    await expectFullScreenWithReachableControls(onPhone.viewer, phone);
    await onPhone.viewer.getByRole('button', { name: 'Vergrößern' }).click();
    await expect(zoomText(onPhone.viewer)).toHaveText('125 %');
    await page.keyboard.press('+');
    await expect(zoomText(onPhone.viewer)).toHaveText('156 %');
    await onPhone.viewer.getByRole('button', { name: 'Einpassen' }).click();
    await expect(zoomText(onPhone.viewer)).toHaveText('100 %');
    // Two fingers spread from 80 to 180 px apart: 225 %.
    await pinch(page, onPhone.viewer.locator('[data-plan-stage]'), 80, 180);
    await expect(zoomText(onPhone.viewer)).toHaveText('225 %');
    await expectNoSeriousA11yViolations(page);
    await onPhone.viewer.getByRole('button', { name: 'Schließen' }).click();
    await expect(onPhone.viewer).toHaveCount(0);
    await expect(onPhone.opener).toBeFocused();
  });
});
