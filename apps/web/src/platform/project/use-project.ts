import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { projectQuery } from './project-query';
import { projectKeys } from '../../lib/query-keys';

/**
 * One project, read once per id and shared by the pages that show it. Reading it clears its mark on
 * the server (for an architect), so the dashboard's cached 'Projekte mit Neuerungen' goes with it.
 * `staleTime`: how long a cached copy serves without asking again (a page that only names the project
 * needs no fresh one).
 */
export function useProject(projectId: string | null, options: { staleTime?: number } = {}) {
  const queryClient = useQueryClient();
  const project = useQuery({ ...projectQuery(projectId ?? ''), enabled: projectId !== null, ...options });
  const loadedId = project.data?.id;
  useEffect(() => {
    if (loadedId !== undefined) queryClient.removeQueries({ queryKey: projectKeys.allNews });
  }, [loadedId, queryClient]);
  return project;
}
