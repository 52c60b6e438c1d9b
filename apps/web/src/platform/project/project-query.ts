import type { Project } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { projectKeys } from '../../lib/query-keys';

/** One project as a query; a project that cannot be read is not asked again (the page offers the way back). */
export const projectQuery = (projectId: string) => ({ queryKey: projectKeys.detail(projectId), queryFn: () => fetchProject(projectId), retry: false });

/** One project; for an architect, opening it also clears its mark under 'Projekte mit Neuerungen'. */
export function fetchProject(projectId: string): Promise<Project> {
  return apiRequest<Project>(`/DashboardClient/project/${encodeURIComponent(projectId)}`);
}
