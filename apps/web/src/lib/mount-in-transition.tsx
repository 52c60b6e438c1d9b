import { useDeferredValue, type ReactNode } from 'react';

/**
 * Shows `fallback` at first and its children in a transition right after: React renders them in
 * slices and lets the browser in between, instead of holding a phone's main thread in one long task
 * as a page's data arrive. For what a page shows below what it shows first (its title).
 */
export function MountInTransition({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const mounted = useDeferredValue(true, false);
  return mounted ? children : fallback;
}
