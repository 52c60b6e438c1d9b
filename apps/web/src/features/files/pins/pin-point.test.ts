import { describe, expect, it } from 'vitest';
import { centreOfVisiblePage, isTap, pointOnPage } from './pin-point';

describe('points on a plan page', () => {
  const page = { left: 100, top: 50, width: 400, height: 200 };

  it('turns a screen point into fractions of the page, and refuses one beside the page', () => {
    expect(pointOnPage(200, 100, page)).toEqual({ x: 0.25, y: 0.25 });
    expect(pointOnPage(500, 250, page)).toEqual({ x: 1, y: 1 });
    expect(pointOnPage(99, 100, page)).toBeNull();
    expect(pointOnPage(200, 100, { ...page, width: 0 })).toBeNull();
  });

  it('finds the middle of the part of a zoomed page the stage shows', () => {
    // The page is larger than the stage and moved left: the stage shows x 300..500 of it.
    const zoomed = { left: -200, top: 0, width: 1000, height: 1000 };
    const stage = { left: 100, top: 0, width: 200, height: 400 };
    expect(centreOfVisiblePage(zoomed, stage)).toEqual({ x: 0.4, y: 0.2 });
    expect(centreOfVisiblePage(zoomed, { left: 900, top: 0, width: 100, height: 100 })).toBeNull();
  });

  it('tells a tap from a drag and from a long press', () => {
    expect(isTap({ x: 10, y: 10, at: 0 }, { x: 14, y: 13, at: 200 })).toBe(true);
    expect(isTap({ x: 10, y: 10, at: 0 }, { x: 40, y: 10, at: 200 })).toBe(false);
    expect(isTap({ x: 10, y: 10, at: 0 }, { x: 10, y: 10, at: 2000 })).toBe(false);
  });
});
