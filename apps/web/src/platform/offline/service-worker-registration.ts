import { Workbox } from 'workbox-window';
import { announceWaitingVersion } from './app-update-state';

/**
 * Registers the app's service worker (vite.config.ts, installableApp). Loaded after the page's
 * load, so it never competes with the first route. A new version that is installed waits; the user
 * activates it through 'Neu laden', and only then does this tab reload.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let reloadWanted = false;
  workbox.addEventListener('waiting', () => {
    announceWaitingVersion(() => {
      reloadWanted = true;
      workbox.messageSkipWaiting();
    });
  });
  // Another tab's 'Neu laden' also hands this tab to the new worker; this tab reloads only if asked here.
  workbox.addEventListener('controlling', () => {
    if (reloadWanted) window.location.reload();
  });
  void workbox.register().catch((error: unknown) => console.warn('Service Worker:', error));
}
