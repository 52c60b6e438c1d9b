import { z } from 'zod';
import { multiLineText, requestObject, requiredText } from './fields';
import { fileMessages, fieldTexts } from './texts/form-texts';
import { serverMessages } from './texts/server-messages';
import { requestIdSchema } from './ids';
import { offersPhoto } from './questionnaire/catalogue';
import { questionnaireSteps } from './questionnaire/steps';
import { isSafeSingleLine, singleLineString } from './text';
import { documentTypes, fileTitleMaxLength, fileCommentMaxLength, originalFileNameMaxLength } from './file-formats';

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
  projectId: requestIdSchema(fieldTexts.idInvalid(fieldTexts.queryNames.projectId)),
  fileName: requiredText(fileTitleMaxLength, fieldTexts.fileTitleRequired),
  comment: multiLineText(fileCommentMaxLength).optional().default(''),
  documentType: z.enum(documentTypes, { error: fileMessages.badType }),
  /** A new version of a plan: the id of the plan's current file (any of its versions is taken). */
  replaces: requestIdSchema(fieldTexts.replacesInvalid).optional(),
  /** A photo to a question of the questionnaire (its key in the catalogue): kept with the question, not among the plans. */
  question: z
    .string()
    .max(60)
    .refine(offersPhoto, serverMessages.questionPhotoNotOffered)
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
  /** A PDF's number of pages; null for images, for PDFs that could not be rendered and while previewPending. */
  pageCount: z.number().nullable(),
  /**
   * A PDF's first page (thumbnailUrl) and page count are still being made after its upload; the
   * project's live topic announces the file again once they are (or cannot be) made.
   */
  previewPending: z.boolean(),
  /**
   * A signed link to the PDF's rendered pages (like url and thumbnailUrl), made for the user who
   * listed the file: the pages it has rendered count against that user's budget. The web appends
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
  projectId: requestIdSchema(fieldTexts.idInvalid(fieldTexts.queryNames.projectId)),
  fileName: singleLineString().max(fileTitleMaxLength).optional(),
  s3Key: singleLineString().min(1).max(2000),
});
export type DeleteFileRequest = z.input<typeof deleteFileRequestSchema>;

/**
 * One photo to a question (GET /api/s3/project/{projectId}/question-photos): the question it shows
 * (its step and key in the catalogue) and the file, which the plans list does not show.
 */
export const questionPhotoSchema = z.object({
  step: z.enum(questionnaireSteps),
  question: z.string(),
  file: projectFileSchema,
});
export type QuestionPhoto = z.infer<typeof questionPhotoSchema>;
