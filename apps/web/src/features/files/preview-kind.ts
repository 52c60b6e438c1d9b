import type { ProjectFile } from '@bauakte/domain/schemas';

export type PreviewKind = 'image' | 'pdf' | 'unsupported';

/** Spec section 2: an image preview for jpg, jpeg and png, a PDF's pages, otherwise none. */
export function previewKindOf(file: Pick<ProjectFile, 'documentType'>): PreviewKind {
  switch (file.documentType) {
    case 'JPG':
    case 'JPEG':
    case 'PNG':
      return 'image';
    case 'PDF':
      return 'pdf';
    default:
      return 'unsupported';
  }
}

/** How many rendered pages a PDF has; 0 when the server has none (yet, or could not read it). */
export function renderedPageCount(file: Pick<ProjectFile, 'pageCount' | 'pagesUrl'>): number {
  // `?? null`: a list fetched from a server without page images lacks both fields.
  const count = file.pageCount ?? null;
  return file.pagesUrl && count !== null && count > 0 ? count : 0;
}

/** The link to one page of a PDF as an image, `width` one of the domain's pageWidths. */
export function pageImageUrl(pagesUrl: string, page: number, width: number): string {
  return `${pagesUrl}&page=${page}&width=${width}`;
}
