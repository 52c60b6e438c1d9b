import type { QueryClient } from '@tanstack/react-query';
import { can } from '@bauakte/domain/labels';
import type { SessionUser } from '../../lib/token';
import { projectFilesQuery } from '../files/files-api';
import { linkedOrSelectedProjectId } from '../../platform/project/project-selection';
import { projectChangesQuery } from '../projects/projects-api';
import { projectQuery } from '../../platform/project/project-query';

/**
 * A start on /projectOverview asks for the project, its files and (for an architect) its change log
 * at once, while the page's code loads. Left to the page, the files and the change log would be
 * asked only once the project had arrived and rendered: a round trip and a render later.
 */
export function prefetchOverview(queryClient: QueryClient, pathname: string, search: string, user: SessionUser): void {
  if (pathname !== '/projectOverview' || !can(user, 'viewProjects')) return;
  const projectId = linkedOrSelectedProjectId(search);
  if (!projectId) return;
  void queryClient.prefetchQuery(projectQuery(projectId));
  void queryClient.prefetchQuery(projectFilesQuery(projectId));
  if (can(user, 'manageProjects')) void queryClient.prefetchQuery(projectChangesQuery(projectId));
}
