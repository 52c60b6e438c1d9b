import { planLinkParameters } from '@bauakte/domain';

/** A positive whole number as text, or null: a link's parameter is user input. */
export const idFrom = (value: string | null): string | null => (value !== null && /^[1-9]\d{0,15}$/.test(value) ? value : null);

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
