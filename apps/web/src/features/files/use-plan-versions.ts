import { useQuery } from '@tanstack/react-query';
import { fileKeys } from '../../lib/query-keys';
import { fetchPlanVersions, fileLinkRefresh } from './files-api';

/** The versions of the plan a file belongs to; its links are refreshed as the file list's are. */
export function usePlanVersions(projectId: string, fileId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: fileKeys.versions(projectId, fileId),
    queryFn: () => fetchPlanVersions(projectId, fileId),
    staleTime: fileLinkRefresh.staleTimeMs,
    refetchInterval: fileLinkRefresh.refetchIntervalMs,
  });
}
