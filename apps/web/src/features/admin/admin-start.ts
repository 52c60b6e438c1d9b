import type { QueryClient } from '@tanstack/react-query';
import { can } from '@bauakte/domain/labels';
import type { SessionUser } from '../../lib/token';
import { availableArchitectsQuery, mailFailuresQuery, teamsQuery } from './admin-api';

/**
 * A start on /admin asks for the page's lists (teams, architects without a team, failed mails)
 * while the page's code still loads: the page then renders them in its first pass instead of
 * rendering placeholders, asking, and rendering again.
 */
export function prefetchAdmin(queryClient: QueryClient, pathname: string, user: SessionUser): void {
  if (pathname !== '/admin' || !can(user, 'manageTeams')) return;
  void queryClient.prefetchQuery(teamsQuery);
  void queryClient.prefetchQuery(availableArchitectsQuery);
  void queryClient.prefetchQuery(mailFailuresQuery);
}
