import { describe, expect, it } from 'vitest';
import { pageWidths } from '@bauakte/domain/labels';
import {
  clampView,
  fitScale,
  fitView,
  pageToStage,
  pageWidthFor,
  panView,
  pinchView,
  stageToPage,
  zoomAround,
  zoomAt,
  zoomLimits,
  zoomPercent,
  type Point,
  type Size,
  type View,
} from './zoom-pan';

const page: Size = { width: 2400, height: 1600 };
const desktop: Size = { width: 1366, height: 640 };
const phone: Size = { width: 375, height: 560 };

/** Where a page point (in page units) lies on the stage. */
const onStage = (view: View, point: Point): Point => ({ x: view.x + point.x * view.scale, y: view.y + point.y * view.scale });
const underPoint = (view: View, point: Point): Point => ({ x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale });

describe('fitting the page to the stage', () => {
  it('scales a landscape plan to the stage height on a wide screen and centres it', () => {
    const view = fitView(page, desktop, 0);
    expect(view.scale).toBeCloseTo(640 / 1600);
    expect(view.y).toBeCloseTo(0);
    expect(view.x).toBeCloseTo((1366 - 2400 * view.scale) / 2);
  });

  it('scales it to the width on a phone, leaving the margin, and centres it vertically', () => {
    const view = fitView(page, phone, 8);
    expect(view.scale).toBeCloseTo((375 - 16) / 2400);
    expect(view.x).toBeCloseTo(8);
    expect(view.y + (page.height * view.scale) / 2).toBeCloseTo(phone.height / 2);
  });

  it('enlarges a tiny image to fill the stage', () => {
    expect(fitScale({ width: 2, height: 2 }, phone, 0)).toBeCloseTo(187.5);
  });

  it('calls the fitted page 100 %', () => {
    const fit = fitScale(page, desktop);
    expect(zoomPercent(fitView(page, desktop), fit)).toBe(100);
    expect(zoomPercent({ scale: fit * 1.5 }, fit)).toBe(150);
  });
});

describe('zooming around a point', () => {
  it('keeps the page point under the pointer where it was', () => {
    const view: View = { x: -300, y: -120, scale: 0.6 };
    const pointer = { x: 500, y: 310 };
    const before = underPoint(view, pointer);
    for (const factor of [1.25, 0.8, 3]) {
      const zoomed = zoomAround(view, factor, pointer);
      expect(zoomed.scale).toBeCloseTo(0.6 * factor);
      const after = onStage(zoomed, before);
      expect(after.x).toBeCloseTo(pointer.x);
      expect(after.y).toBeCloseTo(pointer.y);
    }
  });

  it('keeps it there within the limits too, when the page stays larger than the stage', () => {
    const fit = fitScale(page, desktop);
    const view = zoomAt(fitView(page, desktop), 2, { x: 600, y: 300 }, zoomLimits(fit), page, desktop);
    const pointer = { x: 900, y: 350 };
    const before = underPoint(view, pointer);
    const zoomed = zoomAt(view, 1.25, pointer, zoomLimits(fit), page, desktop);
    expect(onStage(zoomed, before).x).toBeCloseTo(pointer.x);
    expect(onStage(zoomed, before).y).toBeCloseTo(pointer.y);
  });

  it('stops at half and at eight times the fitted size', () => {
    const photo = { width: 300, height: 200 };
    const fit = fitScale(photo, desktop);
    const limits = zoomLimits(fit);
    let view = fitView(photo, desktop);
    for (let step = 0; step < 30; step += 1) view = zoomAt(view, 1.25, { x: 683, y: 320 }, limits, photo, desktop);
    expect(zoomPercent(view, fit)).toBe(800);
    for (let step = 0; step < 60; step += 1) view = zoomAt(view, 0.8, { x: 683, y: 320 }, limits, photo, desktop);
    expect(zoomPercent(view, fit)).toBe(50);
  });

  it('lets a large plan on a phone be zoomed to four times its own pixels', () => {
    const huge = { width: 9000, height: 6000 };
    expect(zoomLimits(fitScale(huge, phone)).max).toBe(4);
  });
});

describe('keeping the page on the stage', () => {
  it('centres a page smaller than the stage however it is dragged', () => {
    const fitted = fitView(page, desktop);
    expect(panView(fitted, 500, -300, page, desktop)).toEqual(clampView(fitted, page, desktop));
    expect(panView(fitted, 500, -300, page, desktop).x).toBeCloseTo(fitted.x);
  });

  it('lets a zoomed page be dragged up to its edges, no further', () => {
    const view: View = { x: -100, y: -100, scale: 1 };
    expect(panView(view, 50, 20, page, desktop)).toEqual({ x: -50, y: -80, scale: 1 });
    expect(panView(view, 500, 500, page, desktop)).toEqual({ x: 0, y: 0, scale: 1 });
    expect(panView(view, -5000, -5000, page, desktop)).toEqual({ x: 1366 - 2400, y: 640 - 1600, scale: 1 });
  });
});

describe('pinching', () => {
  it('scales with the fingers and keeps the point between them under them', () => {
    const start: View = { x: -200, y: -300, scale: 0.5 };
    const from: [Point, Point] = [{ x: 100, y: 200 }, { x: 200, y: 300 }];
    const to: [Point, Point] = [{ x: 50, y: 150 }, { x: 250, y: 350 }];
    const limits = { min: 0.1, max: 4 };
    const view = pinchView(start, from, to, limits, page, phone);
    expect(view.scale).toBeCloseTo(1);
    const between = underPoint(start, { x: 150, y: 250 });
    expect(onStage(view, between).x).toBeCloseTo(150);
    expect(onStage(view, between).y).toBeCloseTo(250);
  });

  it('pans when the fingers move together without spreading', () => {
    const start: View = { x: -200, y: -200, scale: 0.5 };
    const view = pinchView(start, [{ x: 100, y: 200 }, { x: 200, y: 200 }], [{ x: 80, y: 170 }, { x: 180, y: 170 }], { min: 0.1, max: 4 }, page, phone);
    expect(view).toEqual({ x: -220, y: -230, scale: 0.5 });
  });
});

describe('screen point ↔ page point', () => {
  it('gives fractions of the page, and back', () => {
    const view: View = { x: 40, y: 20, scale: 0.25 };
    expect(stageToPage({ x: 40, y: 20 }, view, page)).toEqual({ x: 0, y: 0 });
    expect(stageToPage({ x: 40 + 600, y: 20 + 400 }, view, page)).toEqual({ x: 1, y: 1 });
    const point = { x: 0.3, y: 0.7 };
    const back = stageToPage(pageToStage(point, view, page), view, page);
    expect(back.x).toBeCloseTo(0.3);
    expect(back.y).toBeCloseTo(0.7);
  });

  it('stays on the same page point while zooming', () => {
    const view: View = { x: 40, y: 20, scale: 0.25 };
    const pin = { x: 0.5, y: 0.25 };
    const zoomed = zoomAround(view, 2, { x: 300, y: 200 });
    const moved = pageToStage(pin, zoomed, page);
    expect(stageToPage(moved, zoomed, page).x).toBeCloseTo(0.5);
  });
});

describe('choosing the rendered page width', () => {
  it('takes the smallest width with a pixel for every device pixel', () => {
    expect(pageWidths).toEqual([480, 960, 1600, 2400]);
    expect(pageWidthFor(359, 1)).toBe(480);
    expect(pageWidthFor(359, 2)).toBe(960);
    expect(pageWidthFor(480, 1)).toBe(480);
    expect(pageWidthFor(481, 1)).toBe(960);
    expect(pageWidthFor(1350, 1)).toBe(1600);
  });

  it('caps at 2400 when zoomed further, and reads a missing pixel ratio as 1', () => {
    expect(pageWidthFor(1350, 2)).toBe(2400);
    expect(pageWidthFor(10_000, 3)).toBe(2400);
    expect(pageWidthFor(700, 0)).toBe(960);
  });
});
