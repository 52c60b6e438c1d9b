import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app waits (its service worker is installed, not yet in charge), and
 * how to switch to it. Kept apart from the registration so the shell does not load workbox-window.
 */
type Activate = () => void;

let waiting: Activate | undefined;
const listeners = new Set<() => void>();

/** The registration announces a waiting version with the way to activate it (and reload). */
export function announceWaitingVersion(activate: Activate): void {
  waiting = activate;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The activation of the waiting version, or undefined while there is none. */
export function useWaitingVersion(): Activate | undefined {
  return useSyncExternalStore(subscribe, () => waiting, () => undefined);
}
