import { z } from 'zod';
import { multiLineText, requestObject } from './fields';
import { maxId } from './ids';
import { fieldTexts } from './texts/form-texts';

/**
 * Pins on a plan: a numbered point on a page of one version of a file, with a comment and
 * optionally a photo (a file of the same project). Points are fractions of the page (0 = left or
 * top edge, 1 = right or bottom edge), so they stay where they are at every zoom and resolution.
 */
export const pinCommentMaxLength = 2000;
/** A plan has few pages; a bound keeps a wrong number from being stored. */
export const pinMaxPage = 10_000;

const pinComment = multiLineText(pinCommentMaxLength).refine((text) => text.trim().length > 0, fieldTexts.pinCommentRequired);
const pinPage = z.number({ error: fieldTexts.pinPage }).int(fieldTexts.pinPage).min(1, fieldTexts.pinPage).max(pinMaxPage, fieldTexts.pinPage);
const pinCoordinate = z.number({ error: fieldTexts.pinPoint }).min(0, fieldTexts.pinPoint).max(1, fieldTexts.pinPoint);
const photoFileIdInvalid = fieldTexts.idInvalid(fieldTexts.queryNames.photoFileId);
const photoFileId = z.number({ error: photoFileIdInvalid }).int(photoFileIdInvalid).positive(photoFileIdInvalid).max(maxId, photoFileIdInvalid).nullable();

/** POST /api/s3/project/{projectId}/files/{fileId}/pins */
export const createPinRequestSchema = requestObject({
  page: pinPage,
  x: pinCoordinate,
  y: pinCoordinate,
  comment: pinComment,
  photoFileId: photoFileId.optional().default(null),
});
export type CreatePinRequest = z.input<typeof createPinRequestSchema>;

/**
 * PUT /api/s3/pins/{pinId}: the author moves the pin or changes its comment or photo. `version` is
 * the pin's version the edit started from; a pin changed meanwhile (on another device) answers 409.
 */
export const updatePinRequestSchema = requestObject({
  x: pinCoordinate,
  y: pinCoordinate,
  comment: pinComment,
  photoFileId,
  version: z.number({ error: fieldTexts.pinVersion }).int(fieldTexts.pinVersion).positive(fieldTexts.pinVersion).max(maxId, fieldTexts.pinVersion),
});
export type UpdatePinRequest = z.input<typeof updatePinRequestSchema>;

export const pinSchema = z.object({
  id: z.number(),
  /** The file (the plan's version) the pin was placed on. */
  fileId: z.number(),
  page: z.number(),
  x: z.number(),
  y: z.number(),
  /** 1, 2, 3 … per file, in the order the pins were placed; a deleted pin's number is not given again. */
  number: z.number(),
  comment: z.string(),
  /** A photo of the spot: a file of the same project, or null. */
  photoFileId: z.number().nullable(),
  /** Who placed it, by name; null once the account is gone (authorName keeps the name then). */
  author: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Pin = z.infer<typeof pinSchema>;
