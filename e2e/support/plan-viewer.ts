import { expect, type Locator } from '@playwright/test';

/** Up to this width the plan viewer lays its pins in a bottom sheet over the plan. */
export const phoneSheetMaxWidth = 640;

/**
 * The pins of an open viewer within reach: on a phone they lie in a closed bottom sheet, opened by
 * its handle ('3 Markierungen'); a wider screen shows them beside or below the plan.
 */
export async function showPins(viewer: Locator): Promise<void> {
  const width = viewer.page().viewportSize()?.width ?? 1280;
  if (width <= phoneSheetMaxWidth) {
    const handle = viewer.getByRole('button', { name: /^\d+ Markierung(en)?$/ });
    if ((await handle.getAttribute('aria-expanded')) !== 'true') await handle.click();
    await expect(handle).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(viewer.getByRole('heading', { name: /^Markierungen/ })).toBeVisible();
}
