import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ProjectSortKey, ProjectStatus } from '@bauakte/domain/labels';
import type { ProjectSearchItem } from '@bauakte/domain/schemas';
import { useSession } from '../../platform/session/session-context';
import { allProjectsFilter, projectSearchPageSize, projectSearchQuery, type ProjectSearchFilter } from './projects-api';

/** Typing waits this long before it searches, so a word is one request, not one per letter. */
export const projectSearchDelayMs = 250;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The search of 'Alle Projekte' and the 'Projektübersicht' list: what the user typed and chose,
 * and the pages found so far ('Mehr laden' adds the next one).
 */
export function useProjectSearch(pageSize = projectSearchPageSize) {
  const { user } = useSession();
  const username = user?.username ?? '';
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<ProjectStatus | ''>(allProjectsFilter.status);
  const [sort, setSort] = useState<ProjectSortKey>(allProjectsFilter.sort);
  const settledQuery = useDebounced(query.trim(), projectSearchDelayMs);
  const filter: ProjectSearchFilter = useMemo(() => ({ query: settledQuery, status, sort }), [settledQuery, status, sort]);

  const results = useInfiniteQuery({
    ...projectSearchQuery(username, filter, pageSize),
    // While a new search runs, the previous results stay instead of a flashing 'Laden...'.
    placeholderData: keepPreviousData,
    enabled: user !== null,
  });

  // Pages are cut by position: a project that moved up between two pages would come twice.
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (results.data?.pages ?? []).flatMap((page) => page.items).filter((item: ProjectSearchItem) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  }, [results.data]);
  const pages = results.data?.pages ?? [];
  const total = pages[pages.length - 1]?.total ?? 0;

  return {
    query,
    setQuery,
    status,
    setStatus,
    sort,
    setSort,
    results,
    items,
    total,
    /** Whether the user narrowed the list: an empty answer then means 'nothing found', not 'no projects'. */
    narrowed: filter.query !== '' || status !== '',
  };
}

export type ProjectSearch = ReturnType<typeof useProjectSearch>;
