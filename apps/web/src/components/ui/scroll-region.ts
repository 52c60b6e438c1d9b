import { useEffect, useState } from 'react';

/**
 * A region that scrolls and holds no focusable element of its own is reached by keyboard only when it
 * takes the focus itself (axe: scrollable-region-focusable): give it tabIndex={0}, a name (aria-label
 * or aria-labelledby) and this focus ring, drawn inside its edge, where the scrolling does not cut it off.
 */
export const scrollRegionFocusRing = 'rounded-md outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring';

/**
 * Whether an element's content is larger than its box, kept current as either changes: a region that
 * scrolls only sometimes (a dashboard card made small) takes a place in the tab order only then.
 */
export function useOverflows<T extends HTMLElement>(): { ref: (element: T | null) => void; overflows: boolean } {
  const [element, setElement] = useState<T | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth);
    // The box changes with the element, the content with its children; new children are watched as they come.
    const sizes = new ResizeObserver(measure);
    const watch = () => {
      sizes.disconnect();
      sizes.observe(element);
      for (const child of Array.from(element.children)) sizes.observe(child);
    };
    const content = new MutationObserver(() => {
      watch();
      measure();
    });
    watch();
    measure();
    content.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      sizes.disconnect();
      content.disconnect();
    };
  }, [element]);
  return { ref: setElement, overflows };
}
