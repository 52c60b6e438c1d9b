let width: number | undefined;

const forget = () => {
  width = undefined;
};

/**
 * The window's width (`innerWidth`), read once and again only after a resize. Reading it lays the
 * page out when its layout is stale: inside a render, after a commit, that cost a phone tens of
 * milliseconds in one task. `main.tsx` reads it before the first render, when there is nothing to lay out.
 */
export function viewportWidth(): number {
  if (width === undefined) {
    width = window.innerWidth;
    window.addEventListener('resize', forget, { once: true });
  }
  return width;
}
