import type { ProjectFile } from '@bauakte/domain/schemas';
import { keptPlanKey } from '../../../platform/offline/read-cache-pages';
import { pageImageUrl, previewKindOf, renderedPageCount } from '../preview-kind';
import { pageWidthFor } from './zoom-pan';

/**
 * What the viewer can show of a file. A PDF's pages name the version they are kept under on the
 * device (`keptAs`, read-cache-pages.ts) when the project was made available offline.
 */
export type PlanSource = { kind: 'image'; url: string } | { kind: 'pages'; pagesUrl: string; pageCount: number; keptAs?: string } | { kind: 'none' };

/**
 * An image is shown from its original (a zoomed view of it is what people want); one the server
 * kept without a thumbnail is too large to decode safely, so it is not loaded. A PDF is shown by
 * the pages the server rendered; the browser never renders one.
 */
export function planSourceOf(file: ProjectFile): PlanSource {
  const kind = previewKindOf(file);
  if (kind === 'image') return file.thumbnailUrl ? { kind: 'image', url: file.url } : { kind: 'none' };
  const pageCount = renderedPageCount(file);
  if (kind === 'pdf' && file.pagesUrl && pageCount > 0) return { kind: 'pages', pagesUrl: file.pagesUrl, pageCount, keptAs: keptPlanKey(file) };
  return { kind: 'none' };
}

export { pageImageUrl };

export const devicePixelRatio = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);

/**
 * A page's first image is asked for at no more than twice the CSS pixels: on a phone 960 wide
 * rather than 1600, quick to render and to send; a sharper one follows over it where the screen
 * has more pixels, and on zooming in.
 */
export const firstImagePixelRatio = () => Math.min(devicePixelRatio(), 2);

/**
 * The first image the viewer shows of a page, before the page has a size: a PDF page at the width
 * the stage takes (the window's width until the stage is measured) at firstImagePixelRatio. Start and viewer ask for the same address, so an
 * image fetched at the start of a plan link is the one the viewer shows.
 */
export function firstPageImage(source: PlanSource, page: number, stageWidth: number): string | null {
  if (source.kind === 'image') return source.url;
  if (source.kind === 'none') return null;
  const shown = Math.min(Math.max(1, page), source.pageCount);
  return pageImageUrl(source.pagesUrl, shown, pageWidthFor(stageWidth, firstImagePixelRatio()));
}
