import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { viewportWidth } from '../../lib/viewport-width';
import { useGridWidth } from './use-grid-width';

function resizeTo(width: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  act(() => void window.dispatchEvent(new Event('resize')));
}

afterEach(() => vi.restoreAllMocks());

describe('useGridWidth', () => {
  it('is the window width − 280 after every resize, not only the first', () => {
    resizeTo(1280);
    // The app reads the width before its first render (main.tsx).
    viewportWidth();
    const { result } = renderHook(() => useGridWidth(null));
    expect(result.current).toBe(1000);
    resizeTo(1366);
    expect(result.current).toBe(1086);
    resizeTo(1600);
    expect(result.current).toBe(1320);
    resizeTo(900);
    expect(result.current).toBe(620);
  });
});
