import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../lib/token';
import { chatKeys, fetchNewest, fetchUnread } from '../chat/chat-api';
import { customerKeys, fetchCustomers } from '../customers/customers-api';
import { allProjectsFilter, countProjects, fetchClientProjects, fetchProjectNews, projectKeys, projectSearchPageSize, projectSearchQuery } from '../projects/projects-api';
import { fetchLayout, layoutKey } from './dashboard-layout-query';

/**
 * Asks for everything a dashboard shows first (its card layout, project lists, newest messages,
 * the sidebar's unread count, the architect's first-steps hint) while the page's code still loads.
 * Left to the page, these requests would start only after the code arrived and the grid had its
 * layout: on a phone two round trips before the first project shows, and the page rendered again
 * for every answer that came in late.
 */
export function prefetchDashboard(queryClient: QueryClient, pathname: string, user: SessionUser): void {
  const prefetch = <T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) => void queryClient.prefetchQuery({ queryKey, queryFn });
  const { username } = user;
  if (pathname === '/dashboard' && user.roles.includes('ARCHI')) {
    prefetch(layoutKey('architect'), () => fetchLayout('architect'));
    prefetch(projectKeys.news(username), () => fetchProjectNews(username));
    void queryClient.prefetchInfiniteQuery(projectSearchQuery(username, allProjectsFilter, projectSearchPageSize));
    prefetch(chatKeys.newest(username), () => fetchNewest(username));
    prefetch(chatKeys.unread, fetchUnread);
    prefetch(customerKeys.list(username), () => fetchCustomers(username));
    prefetch(projectKeys.count(username), countProjects);
  }
  if (pathname === '/dashboardClient' && user.roles.includes('CLIENT')) {
    prefetch(layoutKey('client'), () => fetchLayout('client'));
    prefetch(projectKeys.client(username), () => fetchClientProjects(username));
    prefetch(chatKeys.newest(username), () => fetchNewest(username));
    prefetch(chatKeys.unread, fetchUnread);
  }
}
