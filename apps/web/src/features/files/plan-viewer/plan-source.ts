import type { ProjectFile } from '@bauakte/domain';
import { pageImageUrl, previewKindOf, renderedPageCount } from '../preview-kind';

/** What the viewer can show of a file. */
export type PlanSource = { kind: 'image'; url: string } | { kind: 'pages'; pagesUrl: string; pageCount: number } | { kind: 'none' };

/**
 * An image is shown from its original (a zoomed view of it is what people want); one the server
 * kept without a thumbnail is too large to decode safely, so it is not loaded. A PDF is shown by
 * the pages the server rendered; the browser never renders one.
 */
export function planSourceOf(file: ProjectFile): PlanSource {
  const kind = previewKindOf(file);
  if (kind === 'image') return file.thumbnailUrl ? { kind: 'image', url: file.url } : { kind: 'none' };
  const pageCount = renderedPageCount(file);
  if (kind === 'pdf' && file.pagesUrl && pageCount > 0) return { kind: 'pages', pagesUrl: file.pagesUrl, pageCount };
  return { kind: 'none' };
}

export { pageImageUrl };
