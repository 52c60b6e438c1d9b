// The files' plain values and helpers, without schemas: the project overview's start uses them,
// and a module with zod schemas would bring zod to that start (files.ts holds the schemas).
import { fieldTexts } from './texts/form-texts';
import { oneDecimalText, wholeNumberText } from './number-text';

/** Project files (spec sections 2, 3, 5, 7): plans and photos of the building. */
export const documentTypes = ['PDF', 'JPG', 'JPEG', 'PNG'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** What the first bytes of a file say it is; JPG and JPEG are the same format. */
export type FileFormat = 'pdf' | 'png' | 'jpeg';

export const formatOfDocumentType: Record<DocumentType, FileFormat> = { PDF: 'pdf', JPG: 'jpeg', JPEG: 'jpeg', PNG: 'png' };

export const contentTypeOfFormat: Record<FileFormat, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' };

/** The widths in pixels a PDF page is rendered at (GET pagesUrl&page=N&width=W); other widths are refused. */
export const pageWidths = [480, 960, 1600, 2400] as const;
export type PageWidth = (typeof pageWidths)[number];

/**
 * The project overview's query that opens a plan in the viewer: `?plan=<fileId>&page=<n>` (with
 * `projectId=<id>` to choose the project), as a plan notice mail links to it; `&pin=<pinId>`
 * selects a pin (an item of 'Offene Punkte') in the viewer's list, and `&ofPlan=<planId>` names the
 * plan when the file is an older version of it (the tiles show the current one).
 */
export const planLinkParameters = { plan: 'plan', page: 'page', pin: 'pin', ofPlan: 'ofPlan' } as const;

/** The path of the project overview with a plan open in the viewer on a page. */
export const planLinkPath = (projectId: number, fileId: number, page = 1): string =>
  `/projectOverview?projectId=${projectId}&${planLinkParameters.plan}=${fileId}&${planLinkParameters.page}=${page}`;

export const fileTitleMaxLength = 200;
export const fileCommentMaxLength = 2000;
export const originalFileNameMaxLength = 255;

/** A size for people: '100 MB', '1,5 MB', '820 KB' (de-AT, binary units as file managers show them). */
export function formatFileSize(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Sizes under 10 of their unit with one decimal ('1,5 MB'), larger ones whole ('12 MB').
  const number = unit === 0 || value >= 10 ? wholeNumberText(value) : oneDecimalText(value);
  return `${number} ${units[unit]}`;
}

export const fileTooLargeMessage = (maxBytes: number) => fieldTexts.fileTooLarge(formatFileSize(maxBytes));

/** The document type a file name's extension names (case-insensitive), or null for any other. */
export function documentTypeOfFileName(fileName: string): DocumentType | null {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toUpperCase();
  return (documentTypes as readonly string[]).includes(extension ?? '') ? (extension as DocumentType) : null;
}

/** The spec's way of naming a file for deletion, from its url. */
export function s3KeyOfUrl(url: string): string {
  return `Projekt/${url.split('/download/')[1] ?? ''}`;
}
