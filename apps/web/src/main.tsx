import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { SessionProvider } from './features/auth/session-provider';
import { prefetchDashboard } from './features/dashboard/start-data';
import { storageKeys } from './lib/storage-keys';
import { userFromToken } from './lib/token';
import { createRouter, preloadStartPage } from './router';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createRouter();
// A logged-in user reloading or opening a page: fetch its code and first data now, side by side.
const storedToken = sessionStorage.getItem(storageKeys.token);
const startUser = storedToken ? userFromToken(storedToken) : null;
if (startUser) {
  preloadStartPage(window.location.pathname);
  prefetchDashboard(queryClient, window.location.pathname, startUser);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task while a phone is still busy with the page's code.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
