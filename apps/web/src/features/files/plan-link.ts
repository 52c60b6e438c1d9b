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
