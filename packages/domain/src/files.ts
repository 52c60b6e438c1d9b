import { z } from 'zod';
import { multiLineText, requestObject, requiredText } from './fields';
import { fileMessages, fieldTexts } from './texts/form-texts';
import { serverMessages } from './texts/server-messages';
import { isSafeSingleLine, singleLineString } from './text';
import { oneDecimalText, wholeNumberText } from './number-text';

/** The largest id an integer column holds on PostgreSQL. */
const maxFileId = 2_147_483_647;

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
 * `projectId=<id>` to choose the project), as a plan notice mail links to it.
 */
export const planLinkParameters = { plan: 'plan', page: 'page' } as const;

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

/**
 * The name a file had on the uploader's computer, as it is stored and sent back in the download's
 * Content-Disposition: one line by the rule of every other text, composed (NFC, so 'Ä' typed on a
 * Mac and on Windows is the same name) and at most 255 characters, as file systems allow.
 */
export const originalFileNameSchema = z
  .string()
  .refine(isSafeSingleLine, serverMessages.fileNameForbiddenCharacters)
  .transform((name) => name.normalize('NFC'))
  .pipe(z.string().max(originalFileNameMaxLength, serverMessages.fileNameTooLong(originalFileNameMaxLength)));

/**
 * The fields of an upload besides the file (POST /api/s3/upload, multipart), in any order with the
 * file; projectId may also come as a query parameter.
 */
export const uploadFieldsSchema = requestObject({
  projectId: z.coerce.number().int().positive(),
  fileName: requiredText(fileTitleMaxLength, fieldTexts.fileTitleRequired),
  comment: multiLineText(fileCommentMaxLength).optional().default(''),
  documentType: z.enum(documentTypes, { error: fileMessages.badType }),
  /** A new version of a plan: the id of the plan's current file (any of its versions is taken). */
  replaces: z
    .string({ error: fieldTexts.replacesInvalid })
    .regex(/^[1-9][0-9]{0,9}$/, fieldTexts.replacesInvalid)
    .transform(Number)
    .pipe(z.number().max(maxFileId, fieldTexts.replacesInvalid))
    .optional(),
});
export type UploadFields = z.output<typeof uploadFieldsSchema>;

/** One file of GET /api/s3/project/{projectId}: the spec's url, name and comment, and what the tiles show. */
export const projectFileSchema = z.object({
  id: z.number(),
  /** A signed link, valid for minutes: img, embed and a[download] cannot send a Bearer header. */
  url: z.string(),
  /** A small WebP preview (480 px wide) of an image or of a PDF's first page; null where none could be made. */
  thumbnailUrl: z.string().nullable(),
  /** A PDF's number of pages; null for images and for PDFs that could not be rendered. */
  pageCount: z.number().nullable(),
  /**
   * A signed link to the PDF's rendered pages (like url and thumbnailUrl); the web appends
   * '&page=N&width=W' (page 1 … pageCount, width one of pageWidths) and gets a WebP. Null where
   * pageCount is null.
   */
  pagesUrl: z.string().nullable(),
  name: z.string(),
  comment: z.string(),
  documentType: z.enum(documentTypes),
  contentType: z.string(),
  size: z.number(),
  /** The name the file had on the uploader's computer, for the download. */
  originalName: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedByName: z.string(),
  /** When this version was uploaded (ISO 8601). */
  uploadedAt: z.string(),
  /** Not in the spec, like those below: the plan this file is a version of (the id of its first version); the same for all its versions. */
  planId: z.number(),
  /** The plan's version this file is, from 1. */
  version: z.number(),
  /** How many versions the plan has; the list shows its current (newest) one. */
  versionCount: z.number(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

/**
 * POST /api/s3/deleteFile (spec section 7): s3Key is the part of the file's url after
 * '/download/', prefixed with 'Projekt/'.
 */
export const deleteFileRequestSchema = requestObject({
  projectId: z.union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number)]),
  fileName: singleLineString().max(fileTitleMaxLength).optional(),
  s3Key: singleLineString().min(1).max(2000),
});
export type DeleteFileRequest = z.input<typeof deleteFileRequestSchema>;

/** The spec's way of naming a file for deletion, from its url. */
export function s3KeyOfUrl(url: string): string {
  return `Projekt/${url.split('/download/')[1] ?? ''}`;
}
