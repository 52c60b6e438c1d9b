import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/** Entries the web app asks for per page of a growing list (the server's default; at most 200). */
export const listPageSize = 100;

/** `?page=&limit=` for a list request. */
export const pageParams = (page: number, limit = listPageSize) => `page=${page}&limit=${limit}`;

export interface LoadMore {
  /** The last page was full: there may be more. */
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore(): Promise<void>;
}

/**
 * 'Mehr laden' for a list whose query holds its first page: the next page is fetched and appended
 * to the same query's data, so every other reader of the list (deletions, live updates) keeps
 * working on one plain array. A refetch starts again from the first page.
 */
export function useLoadMore<T>(options: {
  queryKey: QueryKey;
  data: readonly T[] | undefined;
  fetchPage(page: number): Promise<T[]>;
  keyOf(item: T): string | number;
  pageSize?: number;
}): LoadMore {
  const { queryKey, data, fetchPage, keyOf, pageSize = listPageSize } = options;
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // The length at which a page came back short: nothing more to fetch while the list stays so.
  const [exhaustedAt, setExhaustedAt] = useState<number | null>(null);
  const count = data?.length ?? 0;
  const hasMore = count > 0 && count % pageSize === 0 && exhaustedAt !== count;

  async function loadMore(): Promise<void> {
    if (!hasMore || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchPage(count / pageSize + 1);
      let merged = count;
      queryClient.setQueryData<T[]>(queryKey, (list = []) => {
        const known = new Set(list.map(keyOf));
        const next = [...list, ...page.filter((item) => !known.has(keyOf(item)))];
        merged = next.length;
        return next;
      });
      if (page.length < pageSize) setExhaustedAt(merged);
    } catch (error) {
      console.warn('Weitere Einträge konnten nicht geladen werden', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return { hasMore, loading, failed, loadMore };
}
