import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a connection. `navigator.onLine` false is reliable (no network at
 * all); true only means "maybe", so callers still treat a request's NetworkError as offline.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Re-renders when the connection comes or goes. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
