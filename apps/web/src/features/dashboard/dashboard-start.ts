import type { QueryClient } from '@tanstack/react-query';
import { can } from '@bauakte/domain';
import type { SessionUser } from '../../lib/token';
import { allProjectsFilter, fetchClientProjects, fetchProjectNews, projectSearchPageSize, projectSearchQuery } from '../projects/projects-api';
import { dashboardLayoutKeys, projectKeys } from '../../lib/query-keys';
import { fetchLayout } from './dashboard-layout-query';

/**
 * Asks for what a dashboard shows first (its card layout and its project lists) while the page's
 * code still loads. Left to the page, these requests would start only after the code arrived and
 * the grid had its layout: on a phone two round trips before the first project shows.
 */
export function prefetchDashboard(queryClient: QueryClient, pathname: string, user: SessionUser): void {
  const prefetch = <T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) => void queryClient.prefetchQuery({ queryKey, queryFn });
  if (pathname === '/dashboard' && can(user, 'viewArchitectDashboard')) {
    prefetch(dashboardLayoutKeys.of('architect'), () => fetchLayout('architect'));
    prefetch(projectKeys.news(user.username), () => fetchProjectNews(user.username));
    void queryClient.prefetchInfiniteQuery(projectSearchQuery(user.username, allProjectsFilter, projectSearchPageSize));
  }
  if (pathname === '/dashboardClient' && can(user, 'viewClientDashboard')) {
    prefetch(dashboardLayoutKeys.of('client'), () => fetchLayout('client'));
    prefetch(projectKeys.client(user.username), () => fetchClientProjects(user.username));
  }
}
