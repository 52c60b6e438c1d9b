import type { ProjectFile } from '@bauakte/domain';
import { queryClient } from '../../lib/query-client';
import { viewportWidth } from '../../lib/viewport-width';
import { fileKeys, projectKeys } from '../../lib/query-keys';
import { getSelectedProjectId } from '../projects/project-selection';
import { fetchProject } from '../projects/projects-api';
import { fetchProjectFiles, fileLinkRefresh } from './files-api';
import { firstPageImage, planSourceOf } from './plan-viewer/plan-source';
import { idFrom, linkedPlan } from './plan-link';

/** What a plan link (`/projectOverview?projectId=…&plan=…&page=…`, a notice mail's) names, or null. */
export function linkedPlanOf(search: string, selectedProjectId: string | null): { projectId: string; fileId: number; page: number } | null {
  const params = new URLSearchParams(search);
  const linked = linkedPlan(params);
  const projectId = idFrom(params.get('projectId')) ?? idFrom(selectedProjectId);
  if (!linked || !projectId) return null;
  return { projectId, fileId: Number(linked.fileId), page: linked.page };
}

/**
 * Asks for the image the viewer will show first, with high priority: the browser keeps it by its
 * address, so the viewer's <img> finds it loaded or on its way.
 */
function preloadImage(src: string): void {
  const image = new Image();
  image.fetchPriority = 'high';
  image.decoding = 'async';
  image.src = src;
}

function preloadFirstImage(file: ProjectFile | undefined, page: number): void {
  if (!file) return;
  const src = firstPageImage(planSourceOf(file), page, viewportWidth());
  if (src) preloadImage(src);
}

/**
 * A plan link opened by a logged-in user: the viewer's code, the project, its file list and then the
 * plan's first image are fetched at once, beside the project overview's code, instead of one after
 * another once the overview has rendered its file list (on a phone, three round trips less before
 * the plan shows).
 */
export function prefetchLinkedPlan(pathname: string, search: string): void {
  if (pathname !== '/projectOverview') return;
  const linked = linkedPlanOf(search, getSelectedProjectId());
  if (!linked) return;
  void import('./plan-viewer-with-pins').catch(() => undefined);
  // The overview shows its file list only below the project's information.
  void queryClient.prefetchQuery({ queryKey: projectKeys.detail(linked.projectId), queryFn: () => fetchProject(linked.projectId), retry: false });
  void queryClient
    .fetchQuery({ queryKey: fileKeys.list(linked.projectId), queryFn: () => fetchProjectFiles(linked.projectId), staleTime: fileLinkRefresh.staleTimeMs })
    .then((files) => preloadFirstImage(files.find((file) => file.id === linked.fileId), linked.page))
    .catch(() => undefined);
}
