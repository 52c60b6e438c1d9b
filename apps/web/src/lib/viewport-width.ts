let width: number | undefined;

// Registered once, as the app's entry loads this module: a browser calls a window's listeners in the
// order they were added, so every component's resize handler, added later, reads the new width.
window.addEventListener('resize', () => {
  width = undefined;
});

/**
 * The window's width (`innerWidth`), read once and again only after a resize. Reading it lays the
 * page out when its layout is stale: inside a render, after a commit, that lays out the whole page
 * in one task. `main.tsx` reads it before the first render, when there is nothing to lay out.
 */
export function viewportWidth(): number {
  width ??= window.innerWidth;
  return width;
}
