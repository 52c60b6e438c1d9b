import { useSyncExternalStore } from 'react';
import { mobileBreakpointPx } from './sidebar-state';

const query = `(max-width: ${mobileBreakpointPx - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True for viewports narrower than 768 px. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
