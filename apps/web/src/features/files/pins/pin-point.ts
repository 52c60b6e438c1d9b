/** A point on a page as fractions of its width and height (0 = left/top edge, 1 = right/bottom edge). */
export interface PagePoint {
  x: number;
  y: number;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** The page point under a screen point, given where the page's box is on screen. */
export function pointOnPage(clientX: number, clientY: number, page: Box): PagePoint | null {
  if (page.width <= 0 || page.height <= 0) return null;
  const x = (clientX - page.left) / page.width;
  const y = (clientY - page.top) / page.height;
  if (x < 0 || x > 1 || y < 0 || y > 1) return null;
  return { x, y };
}

/** The page point in the middle of what the stage shows of the page: where a pin goes when placed by keyboard. */
export function centreOfVisiblePage(page: Box, stage: Box): PagePoint | null {
  const left = Math.max(page.left, stage.left);
  const right = Math.min(page.left + page.width, stage.left + stage.width);
  const top = Math.max(page.top, stage.top);
  const bottom = Math.min(page.top + page.height, stage.top + stage.height);
  if (right <= left || bottom <= top || page.width <= 0 || page.height <= 0) return null;
  return { x: clamp(((left + right) / 2 - page.left) / page.width), y: clamp(((top + bottom) / 2 - page.top) / page.height) };
}

/** A tap, not a drag or a pinch: the pointer went up near where it went down, soon after. */
export function isTap(down: { x: number; y: number; at: number }, up: { x: number; y: number; at: number }): boolean {
  return Math.hypot(up.x - down.x, up.y - down.y) <= 8 && up.at - down.at <= 800;
}
