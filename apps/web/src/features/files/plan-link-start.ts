import type { ProjectFile } from '@bauakte/domain/schemas';
import { queryClient } from '../../lib/query-client';
import { viewportWidth } from '../../lib/viewport-width';
import { isOnline } from '../../lib/online-status';
import { recallLinkedPageEarly } from '../../platform/offline/read-cache-pages';
import { getSelectedProjectId, linkedOrSelectedProjectId } from '../../platform/project/project-selection';
import { projectFilesQuery } from './files-api';
import { firstPageImage, planSourceOf } from './plan-viewer/plan-source';
import { linkedPlan } from './plan-link';

/** What a plan link (`/projectOverview?projectId=…&plan=…&page=…`, a notice mail's) names, or null. */
export function linkedPlanOf(search: string, selectedProjectId: string | null): { projectId: string; fileId: number; page: number } | null {
  const linked = linkedPlan(new URLSearchParams(search));
  const projectId = linkedOrSelectedProjectId(search, selectedProjectId);
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
 * A plan link opened by a logged-in user: the viewer's code and, once the file list is here (the
 * overview's start asks for it with the project), the plan's first image are fetched beside the
 * project overview's code, instead of one after another once the overview has rendered its file
 * list (on a phone, three round trips less before the plan shows). Without a connection the page
 * kept on the device is read instead.
 */
export function prefetchLinkedPlan(pathname: string, search: string, username: string): void {
  if (pathname !== '/projectOverview') return;
  const linked = linkedPlanOf(search, getSelectedProjectId());
  if (!linked) return;
  void import('./plan-viewer-with-pins').catch(() => undefined);
  if (!isOnline()) return void recallLinkedPageEarly(username, String(linked.fileId), linked.page);
  void queryClient
    .fetchQuery(projectFilesQuery(linked.projectId))
    .then((files) => preloadFirstImage(files.find((file) => file.id === linked.fileId), linked.page))
    .catch(() => undefined);
}
