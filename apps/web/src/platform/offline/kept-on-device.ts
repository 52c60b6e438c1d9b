import { useSyncExternalStore } from 'react';
import type { FetchStatus } from '@tanstack/react-query';
import { NetworkError } from '../../lib/api';
import { keptAnswer, readCacheLoaded, subscribeReadCacheLoaded } from './read-cache';

type QueryKey = readonly unknown[];

/** The parts of a query's result that tell whether it waits for a connection. */
interface QueryWait {
  data: unknown;
  fetchStatus: FetchStatus;
  error: unknown;
}

/**
 * Whether a page's query has nothing to show because there is no connection and nothing of it is
 * kept on this device: the page then says so at once instead of a spinner that waits for the
 * connection. A query whose answer is kept is about to get it from the read cache (false); while the
 * kept answers are still read from the device, it is not known yet (false).
 */
export function useNotKeptOffline(queryKey: QueryKey, query: QueryWait): boolean {
  const loaded = useSyncExternalStore(subscribeReadCacheLoaded, readCacheLoaded, () => true);
  if (query.data !== undefined) return false;
  const waits = query.fetchStatus === 'paused' || query.error instanceof NetworkError;
  return waits && loaded && keptAnswer(queryKey) === undefined;
}
