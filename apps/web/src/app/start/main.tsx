import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../../platform/session/session-provider';
import { storageKeys } from '../../lib/storage-keys';
import { adoptRememberedSession } from '../../lib/remembered-session';
import { userFromToken } from '../../lib/token';
import { viewportWidth } from '../../lib/viewport-width';
import { createRouter, preloadStartPage } from './router';
import '../../styles.css';

const router = createRouter();
// A logged-in user reloading or opening a page: fetch its code and first data now, side by side.
// A new tab or the installed app opened again on a remembered device starts signed in, also offline.
adoptRememberedSession();
const storedToken = sessionStorage.getItem(storageKeys.token);
const startUser = storedToken ? userFromToken(storedToken) : null;
// A logged-in start renders once the code of the shell and its page is here: rendered before, it
// would show the shell's fallback, whose content React reveals no sooner than its throttle allows.
let codeHere: Promise<void> = Promise.resolve();
if (startUser) {
  // Read now, with nothing to lay out yet: the dashboards and the plan viewer render with it.
  viewportWidth();
  codeHere = preloadStartPage(window.location.pathname).catch(() => undefined);
  const { pathname, search } = window.location;
  void import('./start-data').then(({ prefetchStartData }) => prefetchStartData(pathname, search, startUser)).catch(() => undefined);
  // A plan link (a notice mail's): the viewer's code and the plan's first image come beside the overview's.
  if (window.location.search.includes('plan=')) {
    void import('../../features/files/plan-link-start').then(({ prefetchLinkedPlan }) => prefetchLinkedPlan(pathname, window.location.search, startUser.username)).catch(() => undefined);
  }
}

// The installable app's service worker, once the page has loaded: the first route never waits for it.
if (import.meta.env.PROD) {
  const register = () => void import('../../platform/offline/service-worker-registration').then(({ registerServiceWorker }) => registerServiceWorker()).catch(() => undefined);
  window.addEventListener('load', register, { once: true });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task while a phone is still busy with the page's code.
void codeHere.then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </StrictMode>,
    );
  }),
);
