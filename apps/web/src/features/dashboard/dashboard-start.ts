import type { QueryClient } from '@tanstack/react-query';
import { can } from '@bauakte/domain/labels';
import type { SessionUser } from '../../lib/token';
import { allProjectsFilter, clientProjectsQuery, projectNewsQuery, projectSearchPageSize, projectSearchQuery } from '../projects/projects-api';
import { layoutQuery } from './dashboard-layout-query';

type Dashboard = 'architect' | 'client';

/** Asks for what a dashboard shows first: its card layout and its project lists. */
async function fetchFirst(queryClient: QueryClient, user: SessionUser, dashboard: Dashboard): Promise<void> {
  if (dashboard === 'architect') {
    await Promise.all([
      queryClient.prefetchQuery(layoutQuery('architect')),
      queryClient.prefetchQuery(projectNewsQuery(user.username)),
      queryClient.prefetchInfiniteQuery(projectSearchQuery(user.username, allProjectsFilter, projectSearchPageSize)),
    ]);
    return;
  }
  await Promise.all([queryClient.prefetchQuery(layoutQuery('client')), queryClient.prefetchQuery(clientProjectsQuery(user.username))]);
}

/**
 * What the user's own dashboard shows first; resolves once each answer is there or could not be had.
 * Taking a project along keeps it too, so the dashboard opens offline wherever the user went after
 * logging in.
 */
export async function fetchDashboardFirst(queryClient: QueryClient, user: SessionUser): Promise<void> {
  if (can(user, 'viewArchitectDashboard')) await fetchFirst(queryClient, user, 'architect');
  else if (can(user, 'viewClientDashboard')) await fetchFirst(queryClient, user, 'client');
}

/**
 * Asks for what a dashboard shows first while the page's code still loads. Left to the page, these
 * requests would start only after the code arrived and the grid had its layout: on a phone two round
 * trips before the first project shows.
 */
export function prefetchDashboard(queryClient: QueryClient, pathname: string, user: SessionUser): void {
  if (pathname === '/dashboard' && can(user, 'viewArchitectDashboard')) void fetchFirst(queryClient, user, 'architect');
  if (pathname === '/dashboardClient' && can(user, 'viewClientDashboard')) void fetchFirst(queryClient, user, 'client');
}
