import { queryClient } from '../../lib/query-client';
import { isOnline } from '../../lib/online-status';
import { readKeptAnswersEarly } from '../../platform/offline/read-cache';
import type { SessionUser } from '../../lib/token';
import { prefetchAdmin } from '../../features/admin/admin-start';
import { prefetchLinkedChat } from '../../features/chat/chat-link-start';
import { prefetchDashboard } from '../../features/dashboard/dashboard-start';
import { prefetchOverview } from '../../features/project-overview/overview-start';
import { prefetchStep } from '../../features/questionnaire/step-start';

/**
 * The app's start for a logged-in user: the data the opened page shows first (and a linked chat's)
 * is asked for while the page's code still loads, into the tab's query cache, where the page finds
 * it when it mounts. Without a connection, what the device keeps of the user is read meanwhile.
 */
export function prefetchStartData(pathname: string, search: string, user: SessionUser): void {
  if (!isOnline()) void readKeptAnswersEarly(user.username);
  prefetchDashboard(queryClient, pathname, user);
  prefetchAdmin(queryClient, pathname, user);
  prefetchOverview(queryClient, pathname, search, user);
  prefetchStep(queryClient, pathname);
  prefetchLinkedChat(queryClient, search, user);
}
