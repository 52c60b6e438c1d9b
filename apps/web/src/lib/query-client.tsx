import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * Answers this fresh serve a page that mounts, not asked again: the start's prefetch and the page
 * it was made for, or two parts of a page that show the same thing, mount within a page load. A
 * change made here or announced by the live channel invalidates its queries at once, fresh or not.
 */
const sharedAnswerMs = 5_000;

/** How every query behaves unless it says otherwise; tests build their caches from it too. */
export const queryDefaults = { retry: 1, refetchOnWindowFocus: false, staleTime: sharedAnswerMs } as const;

/**
 * The tab's one query cache, shared by every page after the login (the login form refetches nothing and renders without it).
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: queryDefaults } });

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
