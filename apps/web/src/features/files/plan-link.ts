import { planLinkParameters } from '@bauakte/domain/labels';
import { idFrom } from '../../lib/link-id';

/**
 * What a link to a plan in the viewer names (`?plan=<fileId>&page=<n>` on the project overview, a
 * notice mail's link, a bookmark): the file, and the page to open on — 1 unless the link names a
 * valid one. Null when it names no file.
 */
export function linkedPlan(params: URLSearchParams): { fileId: string; page: number } | null {
  const fileId = idFrom(params.get(planLinkParameters.plan));
  if (!fileId) return null;
  const page = Number(params.get(planLinkParameters.page) ?? '1');
  return { fileId, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/**
 * How a link names a tile's plan: by the tile's own file, or as an older version of its plan
 * (`&ofPlan=<planId>`, an item of 'Offene Punkte' on a version the tiles no longer show). Null when
 * it names another plan or none.
 */
export function linkToTile(params: URLSearchParams, tile: { id: number; planId?: number | null }): 'file' | 'olderVersion' | null {
  const link = linkedPlan(params);
  if (!link) return null;
  if (link.fileId === String(tile.id)) return 'file';
  return params.get(planLinkParameters.ofPlan) === String(tile.planId) ? 'olderVersion' : null;
}
