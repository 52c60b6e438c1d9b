import { pageWidths } from '@bauakte/domain/labels';

/**
 * The plan viewer's maths, free of React and the DOM. Two coordinate systems:
 * - the stage: CSS pixels from the top-left corner of the viewer's drawing area;
 * - the page: the plan in its own units (an image's pixels, a PDF page's pixels at the largest
 *   rendered width), or as fractions 0..1 of its width and height, which is what pins are stored in.
 */
export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Where the page lies on the stage: its top-left corner (stage px) and stage px per page unit. */
export interface View {
  x: number;
  y: number;
  scale: number;
}

export interface ZoomLimits {
  min: number;
  max: number;
}

/** One press of 'Vergrößern' / '+'. */
export const zoomStep = 1.25;
/** Room left around the page when it is fitted, so its edge is visible as an edge. */
export const fitMargin = 8;
/** How far an arrow key moves the plan (stage px). */
export const arrowPanStep = 64;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The scale at which the whole page fits the stage, with fitMargin on each side. */
export function fitScale(page: Size, stage: Size, margin = fitMargin): number {
  const width = Math.max(1, stage.width - 2 * margin);
  const height = Math.max(1, stage.height - 2 * margin);
  return Math.min(width / page.width, height / page.height);
}

/** The whole page, centred on the stage: what the viewer shows on open, on resize and on 'Einpassen'. */
export function fitView(page: Size, stage: Size, margin = fitMargin): View {
  const scale = fitScale(page, stage, margin);
  return { scale, x: (stage.width - page.width * scale) / 2, y: (stage.height - page.height * scale) / 2 };
}

/**
 * From half the fitted size up to eight times it — and at least to four times the page's own
 * pixels, so a large plan on a small phone can still be read to its finest line.
 */
export function zoomLimits(fit: number): ZoomLimits {
  return { min: fit / 2, max: Math.max(fit * 8, 4) };
}

/** The zoom as people read it: the fitted page is 100 %. */
export function zoomPercent(view: Pick<View, 'scale'>, fit: number): number {
  return Math.round((view.scale / fit) * 100);
}

/**
 * Keeps the page on the stage: a page narrower (lower) than the stage is centred in that direction,
 * a larger one cannot be dragged so far that empty stage shows beside it.
 */
export function clampView(view: View, page: Size, stage: Size): View {
  const axis = (offset: number, pageLength: number, stageLength: number) => {
    const length = pageLength * view.scale;
    return length <= stageLength ? (stageLength - length) / 2 : clamp(offset, stageLength - length, 0);
  };
  return { scale: view.scale, x: axis(view.x, page.width, stage.width), y: axis(view.y, page.height, stage.height) };
}

/** Scales by factor so that the page point under `point` stays under it. Not clamped. */
export function zoomAround(view: View, factor: number, point: Point): View {
  const scale = view.scale * factor;
  return { scale, x: point.x - (point.x - view.x) * factor, y: point.y - (point.y - view.y) * factor };
}

/** Zooms around a stage point within the limits, then keeps the page on the stage. */
export function zoomAt(view: View, factor: number, point: Point, limits: ZoomLimits, page: Size, stage: Size): View {
  const scale = clamp(view.scale * factor, limits.min, limits.max);
  return clampView(zoomAround(view, scale / view.scale, point), page, stage);
}

export function panView(view: View, dx: number, dy: number, page: Size, stage: Size): View {
  return clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy }, page, stage);
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Two fingers moved from `from` to `to` since the gesture began at `start`: the page scales with the
 * fingers' distance and the point between them follows their midpoint (zoom and pan in one).
 */
export function pinchView(start: View, from: [Point, Point], to: [Point, Point], limits: ZoomLimits, page: Size, stage: Size): View {
  const spread = distance(from[0], from[1]);
  const factor = spread > 0 ? distance(to[0], to[1]) / spread : 1;
  const scale = clamp(start.scale * factor, limits.min, limits.max);
  const before = midpoint(from[0], from[1]);
  const after = midpoint(to[0], to[1]);
  const pageX = (before.x - start.x) / start.scale;
  const pageY = (before.y - start.y) / start.scale;
  return clampView({ scale, x: after.x - pageX * scale, y: after.y - pageY * scale }, page, stage);
}

/** A stage point as fractions of the page (0..1 inside it): where a pin tapped there belongs. */
export function stageToPage(point: Point, view: View, page: Size): Point {
  return { x: (point.x - view.x) / view.scale / page.width, y: (point.y - view.y) / view.scale / page.height };
}

/** Where a point given as fractions of the page lies on the stage: where a pin is drawn. */
export function pageToStage(fraction: Point, view: View, page: Size): Point {
  return { x: view.x + fraction.x * page.width * view.scale, y: view.y + fraction.y * page.height * view.scale };
}

/**
 * The rendered width of a PDF page to ask for: the smallest the server offers that has a pixel for
 * every device pixel the page takes on screen, the largest one beyond that.
 */
export function pageWidthFor(displayedWidth: number, pixelRatio: number, widths: readonly number[] = pageWidths): number {
  const needed = displayedWidth * (pixelRatio > 0 ? pixelRatio : 1);
  return widths.find((width) => width >= needed) ?? widths[widths.length - 1] ?? 0;
}
