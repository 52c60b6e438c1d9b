import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewportWidth } from './viewport-width';

afterEach(() => {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('resize'));
});

describe('viewportWidth', () => {
  it("reads the window's width once, and again after the window was resized", () => {
    const innerWidth = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
    expect(viewportWidth()).toBe(390);
    innerWidth.mockReturnValue(844);
    expect(viewportWidth()).toBe(390);
    expect(innerWidth).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('resize'));
    expect(viewportWidth()).toBe(844);
    expect(viewportWidth()).toBe(844);
    expect(innerWidth).toHaveBeenCalledTimes(2);
  });
});
