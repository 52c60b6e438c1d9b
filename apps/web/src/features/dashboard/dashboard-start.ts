import type { QueryClient } from '@tanstack/react-query';
import { can } from '@bauakte/domain/labels';
import type { SessionUser } from '../../lib/token';
import { allProjectsFilter, clientProjectsQuery, projectNewsQuery, projectSearchPageSize, projectSearchQuery } from '../projects/projects-api';
import { layoutQuery } from './dashboard-layout-query';

/**
 * Asks for what a dashboard shows first (its card layout and its project lists) while the page's
 * code still loads. Left to the page, these requests would start only after the code arrived and
 * the grid had its layout: on a phone two round trips before the first project shows.
 */
export function prefetchDashboard(queryClient: QueryClient, pathname: string, user: SessionUser): void {
  if (pathname === '/dashboard' && can(user, 'viewArchitectDashboard')) {
    void queryClient.prefetchQuery(layoutQuery('architect'));
    void queryClient.prefetchQuery(projectNewsQuery(user.username));
    void queryClient.prefetchInfiniteQuery(projectSearchQuery(user.username, allProjectsFilter, projectSearchPageSize));
  }
  if (pathname === '/dashboardClient' && can(user, 'viewClientDashboard')) {
    void queryClient.prefetchQuery(layoutQuery('client'));
    void queryClient.prefetchQuery(clientProjectsQuery(user.username));
  }
}
