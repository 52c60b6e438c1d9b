import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs } from './support/fixtures';
import { showPins } from './support/plan-viewer';
import { cardOf } from './support/portal';
import { seedClientProject, selectProjectInSession } from './support/questionnaire-seed';
import { onePagePdf } from './support/sample-files';
import { apiToken } from './support/accounts';

const sizes = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Version 1 of 'Grundriss OG' with a pin on it, then version 2: through the API, as the app sends them. */
async function planWithTwoVersions(request: APIRequestContext, token: string, projectId: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const upload = (text: string, replaces?: number) =>
    request.post('/api/s3/upload', {
      headers,
      multipart: {
        projectId: String(projectId),
        fileName: 'Grundriss OG',
        documentType: 'PDF',
        ...(replaces === undefined ? {} : { replaces: String(replaces) }),
        file: { name: 'grundriss-og.pdf', mimeType: 'application/pdf', buffer: onePagePdf(text) },
      },
    });
  const first = await upload('Fassung 1');
  expect(first.status(), 'version 1 uploaded').toBe(201);
  const { id } = (await first.json()) as { id: number };
  const pin = await request.post(`/api/s3/project/${projectId}/files/${id}/pins`, { headers, data: { page: 1, x: 0.3, y: 0.4, comment: 'Riss in Fassung 1' } });
  expect(pin.status(), 'pin placed on version 1').toBe(201);
  expect((await upload('Fassung 2', id)).status(), 'version 2 uploaded').toBe(201);
  // The server counts the pages after the upload's answer: the page opens once both versions have theirs,
  // so what this test sees does not hang on when the live channel tells of them.
  const ready = async () => {
    const files = (await (await request.get(`/api/s3/project/${projectId}`, { headers })).json()) as Array<{ id: number; previewPending: boolean }>;
    const versions = (await (await request.get(`/api/s3/project/${projectId}/files/${id}/versions`, { headers })).json()) as Array<{ previewPending: boolean }>;
    return files.length === 1 && versions.length === 2 && [...files, ...versions].every((file) => !file.previewPending);
  };
  await expect.poll(ready, { timeout: 60_000 }).toBe(true);
}

const loaded = (image: Locator) => expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 60_000 }).toBe(true);

async function openVersions(page: Page): Promise<Locator> {
  await cardOf(page, 'Projektdateien').getByRole('article', { name: 'Grundriss OG' }).getByRole('button', { name: 'Versionen: Grundriss OG' }).click();
  return page.getByRole('dialog', { name: 'Versionen von „Grundriss OG“' });
}

test.describe('earlier versions of a plan in the viewer', () => {
  // Seeding waits for an invitation mail; the pages are rendered in workers.
  test.describe.configure({ timeout: 180_000 });

  for (const { name, viewport } of sizes) {
    test(`on ${name}: version 1 opens with its own pin, read-only; the two versions compare side by side and laid over each other`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const { architect, projectId } = await seedClientProject(request);
      await planWithTwoVersions(request, await apiToken(request, architect), projectId);
      await loginAs(page, architect.username, architect.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await selectProjectInSession(page, projectId);
      await page.goto('/projectOverview');

      const versions = await openVersions(page);
      await versions.getByRole('button', { name: 'Version 1 im Viewer öffnen' }).click();
      const viewer = page.getByRole('dialog', { name: 'Grundriss OG', exact: true });
      await expect(viewer.getByText('Version 1 von 2 – ältere Fassung.', { exact: true })).toBeVisible();
      await loaded(viewer.getByAltText('Grundriss OG, Seite 1 von 1'));
      await expect(viewer.getByRole('button', { name: 'Markierung 1: Riss in Fassung 1', exact: true })).toBeVisible();
      await showPins(viewer);
      await expect(viewer.getByText('Riss in Fassung 1', { exact: true })).toBeVisible();
      // The architect placed nothing here, and may place nothing on a superseded version.
      await expect(viewer.getByRole('button', { name: 'Markierung setzen' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
      await expect(versions).toBeVisible();

      await versions.getByRole('button', { name: 'Versionen vergleichen' }).click();
      const compare = page.getByRole('dialog', { name: 'Versionen vergleichen: „Grundriss OG“' });
      await expect(compare.getByLabel('Ältere Version')).toHaveValue(/\d+/);
      const older = compare.getByRole('img', { name: 'Version 1, Seite 1' });
      const newer = compare.getByRole('img', { name: 'Version 2, Seite 1' });
      await loaded(older);
      await loaded(newer);
      // Side by side on a desktop (one above the other on a phone), each at the same width.
      const [olderBox, newerBox] = [await older.boundingBox(), await newer.boundingBox()];
      expect(Math.round(olderBox!.width)).toBe(Math.round(newerBox!.width));
      if (name === 'desktop') expect(Math.round(olderBox!.y)).toBe(Math.round(newerBox!.y));

      await compare.getByRole('button', { name: 'Überlagert' }).click();
      const slider = compare.getByRole('slider', { name: 'Überblendung' });
      await slider.focus();
      await page.keyboard.press('End');
      await expect(slider).toHaveAttribute('aria-valuetext', '0 % Version 1, 100 % Version 2');
      await expect(newer).toHaveCSS('opacity', '1');
      await page.keyboard.press('Home');
      await expect(newer).toHaveCSS('opacity', '0');
      // Laid over each other: the same top left corner, the same width.
      const [under, over] = [await older.boundingBox(), await newer.boundingBox()];
      expect([Math.round(over!.x), Math.round(over!.y), Math.round(over!.width)]).toEqual([Math.round(under!.x), Math.round(under!.y), Math.round(under!.width)]);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(compare).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(versions).toHaveCount(0);

      // The current version as the tile opens it: on a phone the plan has the screen, the pins a sheet over it.
      await cardOf(page, 'Projektdateien').getByRole('button', { name: 'Ansehen: Grundriss OG' }).click();
      const current = page.getByRole('dialog', { name: 'Grundriss OG', exact: true });
      await loaded(current.getByAltText('Grundriss OG, Seite 1 von 1'));
      await expect(current.getByText(/ältere Fassung/)).toHaveCount(0);
      const stage = current.locator('[data-plan-stage]');
      const before = await stage.boundingBox();
      if (name === 'phone') {
        expect(Math.round(before!.width)).toBe(viewport.width);
        const handle = current.getByRole('button', { name: '0 Markierungen' });
        await expect(handle).toHaveAttribute('aria-expanded', 'false');
        await expect(current.getByRole('button', { name: 'Markierung setzen' })).toBeHidden();
        const sheet = current.locator('aside');
        // Closed, the sheet is its handle at the plan's bottom edge, over the plan.
        expect((await sheet.boundingBox())!.y + 1).toBeGreaterThan(before!.y + before!.height - 80);
        await handle.click();
        await expect(handle).toHaveAttribute('aria-expanded', 'true');
        await expect(current.getByRole('button', { name: 'Markierung setzen' })).toBeVisible();
        const opened = await sheet.boundingBox();
        expect(opened!.y).toBeLessThan(before!.y + before!.height - 150);
        // Nothing moved: the sheet lies over the plan.
        expect(await stage.boundingBox()).toEqual(before);
        await expectNoSeriousA11yViolations(page);
        await handle.press('Enter');
        await expect(handle).toHaveAttribute('aria-expanded', 'false');
      } else {
        await expect(current.getByRole('button', { name: '0 Markierungen' })).toBeHidden();
        await expect(current.getByRole('button', { name: 'Markierung setzen' })).toBeVisible();
        // Beside the plan, as ever.
        const panel = await current.locator('aside').boundingBox();
        expect(panel!.x).toBeGreaterThanOrEqual(before!.x + before!.width - 1);
      }
    });
  }
});
