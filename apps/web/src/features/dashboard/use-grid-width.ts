import { useEffect, useState } from 'react';
import { viewportWidth } from '../../lib/viewport-width';

/** Spec section 9: the grid is as wide as the window minus 280 px (the sidebar and page margins). */
export const sidebarAllowancePx = 280;
const minimumWidthPx = 320;

function useWindowWidth(): number {
  const [width, setWidth] = useState(viewportWidth);
  useEffect(() => {
    const onResize = () => setWidth(viewportWidth());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    // The observer reports the first width once the browser has laid the page out anyway; reading
    // it here would make the browser lay out the whole page at once, inside the first render's task.
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The grid's width: window width − 280, updated on every resize. The expanded sidebar plus the page
 * padding take a little more than 280 px, so the width never exceeds the grid's container either
 * (no horizontal scrolling); with the sidebar collapsed it is exactly the spec's width.
 */
export function useGridWidth(container: HTMLElement | null): number {
  const windowWidth = useWindowWidth();
  const containerWidth = useElementWidth(container);
  const specWidth = windowWidth - sidebarAllowancePx;
  const width = containerWidth > 0 ? Math.min(specWidth, containerWidth) : specWidth;
  return Math.max(width, minimumWidthPx);
}
