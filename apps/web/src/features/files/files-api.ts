import { s3KeyOfUrl } from '@bauakte/domain/labels';
import type { DeleteFileRequest, ProjectFile } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { pageParams } from '../../lib/use-load-more';
import { fileKeys } from '../../lib/query-keys';

/**
 * The file links are signed for 15 minutes: the list is fetched again after 10 minutes while the
 * page is open, and on returning to the tab once it is 5 minutes old, so a shown link still works.
 */
export const fileLinkRefresh = { refetchIntervalMs: 10 * 60_000, staleTimeMs: 5 * 60_000 } as const;

/** A project's file list as a query: fresh for as long as its signed links serve. */
export const projectFilesQuery = (projectId: string) => ({ queryKey: fileKeys.list(projectId), queryFn: () => fetchProjectFiles(projectId), staleTime: fileLinkRefresh.staleTimeMs });

/** The largest page the server gives. */
const filesPage = 200;

/**
 * All of the project's files, newest first, page by page: the list is fetched again whole every few
 * minutes for fresh signed links, so it holds every page rather than offering 'Mehr laden'.
 */
export async function fetchProjectFiles(projectId: string): Promise<ProjectFile[]> {
  const files: ProjectFile[] = [];
  for (let page = 1; ; page += 1) {
    const batch = await apiRequest<ProjectFile[]>(`/s3/project/${encodeURIComponent(projectId)}?${pageParams(page, filesPage)}`);
    files.push(...batch);
    if (batch.length < filesPage) return files;
  }
}

/** Spec section 7: the file is named by its title and by its s3Key, derived from its url. */
export function deleteRequestOf(projectId: string, file: ProjectFile): DeleteFileRequest {
  return { projectId: Number(projectId), fileName: file.name, s3Key: s3KeyOfUrl(file.url) };
}

export function deleteProjectFile(projectId: string, file: ProjectFile): Promise<void> {
  return apiRequest<void>('/s3/deleteFile', { method: 'POST', body: deleteRequestOf(projectId, file) });
}

/** Every version of the plan the file belongs to, newest first, each with its own signed link. */
export function fetchPlanVersions(projectId: string, fileId: number): Promise<ProjectFile[]> {
  return apiRequest<ProjectFile[]>(`/s3/project/${encodeURIComponent(projectId)}/files/${fileId}/versions`);
}
