import { z } from 'zod';
import { multiLineText, requestObject } from './fields';
import { maxId, pathId, queryIdSchema, requestIdSchema } from './ids';
import { defaultPinKind, isCalendarDate, itemPhotosMax, openItemStatusFilters, pinKinds, pinStatuses } from './pin-items';
import { singleLineString } from './text';
import { followUpSchema } from './follow-ups';
import { listPageQuerySchema } from './paging';
import { fieldTexts } from './texts/form-texts';
import { projectFileSchema } from './files';

/**
 * Pins on a plan: a numbered point on a page of one version of a file, with a comment and
 * up to itemPhotosMax photos (image files of the same project); a reply may carry as many. Points are fractions of the page (0 = left or
 * top edge, 1 = right or bottom edge), so they stay where they are at every zoom and resolution.
 */
export const pinCommentMaxLength = 2000;
/** A plan has few pages; a bound keeps a wrong number from being stored. */
export const pinMaxPage = 10_000;

const pinComment = multiLineText(pinCommentMaxLength).refine((text) => text.trim().length > 0, fieldTexts.pinCommentRequired);
const pinPage = z.number({ error: fieldTexts.pinPage }).int(fieldTexts.pinPage).min(1, fieldTexts.pinPage).max(pinMaxPage, fieldTexts.pinPage);
const pinCoordinate = z.number({ error: fieldTexts.pinPoint }).min(0, fieldTexts.pinPoint).max(1, fieldTexts.pinPoint);
const photoFileIdInvalid = fieldTexts.idInvalid(fieldTexts.queryNames.photoFileId);
const pinVersion = z.number({ error: fieldTexts.pinVersion }).int(fieldTexts.pinVersion).positive(fieldTexts.pinVersion).max(maxId, fieldTexts.pinVersion);
const pinStatus = z.enum(pinStatuses, { error: fieldTexts.pinStatus });
const pinKind = z.enum(pinKinds, { error: fieldTexts.pinKind });
/** A day, YYYY-MM-DD (what a date input gives); a past day is allowed, an item may be overdue from the start. */
const dueDate = z.string({ error: fieldTexts.pinDueDate }).refine(isCalendarDate, fieldTexts.pinDueDate);
const photoId = z.number({ error: photoFileIdInvalid }).int(photoFileIdInvalid).positive(photoFileIdInvalid).max(maxId, photoFileIdInvalid);
const photoFileId = photoId.nullable();

/** The photos of a pin or reply, in the order shown; a file named twice counts once. */
const photoFileIds = z
  .array(photoId, { error: fieldTexts.idInvalid(fieldTexts.queryNames.photoFileIds) })
  .max(itemPhotosMax, fieldTexts.itemPhotosMax(itemPhotosMax));

/** POST /api/s3/project/{projectId}/files/{fileId}/pins */
export const createPinRequestSchema = requestObject({
  page: pinPage,
  x: pinCoordinate,
  y: pinCoordinate,
  comment: pinComment,
  /** The first photo, as before several were allowed; photoFileIds wins when both are given. */
  photoFileId: photoFileId.optional().default(null),
  photoFileIds: photoFileIds.optional(),
  /** The item's kind as its author sees it; 'Information' when left out (defaultPinKind). */
  kind: pinKind.optional().default(defaultPinKind),
});
export type CreatePinRequest = z.input<typeof createPinRequestSchema>;
export type CreatePin = z.output<typeof createPinRequestSchema>;

/**
 * PUT /api/s3/pins/{pinId}: the author moves the pin or changes its comment or photos. `version` is
 * the pin's version the edit started from; a pin changed meanwhile (on another device) answers 409.
 * `photoFileIds` sets the photos; without it, `photoFileId` (left out: unchanged) speaks of the
 * first photo: the same keeps them all, null removes them all, another replaces them by this one.
 */
export const updatePinRequestSchema = requestObject({
  x: pinCoordinate,
  y: pinCoordinate,
  comment: pinComment,
  photoFileId: photoFileId.optional(),
  photoFileIds: photoFileIds.optional(),
  version: pinVersion,
});
export type UpdatePinRequest = z.input<typeof updatePinRequestSchema>;

/**
 * DELETE /api/s3/pins/{pinId}?version=: with the pin's version the deletion was chosen on (as a
 * deletion kept offline sends it), a pin changed meanwhile answers 409 with the pin as it is now
 * rather than losing someone's newer change; without it the pin is deleted as it stands.
 */
export const deletePinQuerySchema = z.object({
  version: z
    .string({ error: fieldTexts.pinVersion })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return undefined;
      const version = pathId(value);
      if (version !== null) return version;
      context.addIssue({ code: 'custom', message: fieldTexts.pinVersion });
      return z.NEVER;
    }),
});
export type DeletePinQuery = z.output<typeof deletePinQuerySchema>;

/**
 * PUT /api/s3/pins/{pinId}/status: the responsible person or one of the project's architects sets
 * the item's status (back to 'Offen' too). A pin changed meanwhile answers 409, as an edit does.
 */
export const pinStatusRequestSchema = requestObject({ status: pinStatus, version: pinVersion });
export type PinStatusRequest = z.input<typeof pinStatusRequestSchema>;

/**
 * PUT /api/s3/pins/{pinId}/item: the project's architects set the kind, who is responsible (a
 * username: the project's client or one of its architects; null for nobody) and the due date.
 */
export const pinItemRequestSchema = requestObject({
  kind: pinKind,
  responsible: singleLineString().max(100, fieldTexts.pinResponsible).nullable(),
  dueDate: dueDate.nullable(),
  version: pinVersion,
});
export type PinItemRequest = z.input<typeof pinItemRequestSchema>;

/** The web's form of it: nobody responsible and no due date are empty fields. */
export const pinItemFormSchema = z.object({ kind: pinKind, responsible: z.string(), dueDate: z.union([z.literal(''), dueDate]) });
export type PinItemForm = z.input<typeof pinItemFormSchema>;

const personSchema = z.object({ username: z.string(), firstName: z.string(), lastName: z.string() });

export const pinReplyMaxLength = 2000;

/** POST /api/s3/pins/{pinId}/replies: a reply under an item, by anyone who sees it, with up to itemPhotosMax photos. */
export const pinReplyRequestSchema = requestObject({
  text: multiLineText(pinReplyMaxLength).refine((text) => text.trim().length > 0, fieldTexts.pinReplyRequired),
  photoFileIds: photoFileIds.optional().default([]),
});
export type PinReplyRequest = z.input<typeof pinReplyRequestSchema>;

/** A reply under an item: who (the name as written then), when, what. */
export const pinReplySchema = z.object({ id: z.number(), text: z.string(), byName: z.string(), at: z.string(), photoFileIds: z.array(z.number()) });
export type PinReply = z.infer<typeof pinReplySchema>;

/** One status change of an item: who, when, from which status to which. */
export const pinStatusChangeSchema = z.object({
  from: z.enum(pinStatuses),
  to: z.enum(pinStatuses),
  /** The name as it was at the change, kept after the account is gone. */
  byName: z.string(),
  at: z.string(),
});
export type PinStatusChange = z.infer<typeof pinStatusChangeSchema>;

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
  /** The first of photoFileIds, or null (as before a pin had several). */
  photoFileId: z.number().nullable(),
  /** Photos of the spot, in their order: image files of the same project, never among its plans. */
  photoFileIds: z.array(z.number()),
  /** Who placed it, by name; null once the account is gone (authorName keeps the name then). */
  author: personSchema.nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
  status: z.enum(pinStatuses),
  kind: z.enum(pinKinds),
  /** Who is to act on it ('Zuständig'): the project's client or one of its architects; null for nobody. */
  responsible: personSchema.nullable(),
  /** 'Fällig am', YYYY-MM-DD, or null. */
  dueDate: z.string().nullable(),
  /** Every change of its status, oldest first. */
  statusHistory: z.array(pinStatusChangeSchema),
  /** The item's conversation, oldest first. */
  replies: z.array(pinReplySchema),
  /** The pin of the plan's previous version this one was carried over from ('übernommen'), or null. */
  carriedFromPinId: z.number().nullable(),
});
export type Pin = z.infer<typeof pinSchema>;

/** 'Offene Punkte als PDF' shows at most this many items, each with its crop, photo and conversation; it names how many more there are. */
export const openItemsReportMax = 100;

/** Carrying over more pins at once than a plan's version holds is not a request the page makes. */
export const carryPinsMax = 1000;

/**
 * POST /api/s3/project/{projectId}/files/{fileId}/pins/carry-over: the items of the plan's previous
 * version carried to this (its current) version, each with its status, kind, responsible person,
 * due date, history and replies. Without `pinIds`, every item not done; with them, those items.
 * An item carried before is skipped, so the answer names only what was carried now.
 */
export const carryPinsRequestSchema = requestObject({
  pinIds: z.array(requestIdSchema(fieldTexts.carryPinIds), { error: fieldTexts.carryPinIds }).min(1, fieldTexts.carryPinIds).max(carryPinsMax, fieldTexts.carryPinIds).optional(),
});
export type CarryPinsRequest = z.input<typeof carryPinsRequestSchema>;
export type CarryPins = z.output<typeof carryPinsRequestSchema>;

export const carryPinsResponseSchema = z.object({ carried: z.array(pinSchema) });
export type CarryPinsResponse = z.infer<typeof carryPinsResponseSchema>;

/** Who may be made responsible for a project's items: its client and the architects who may see it. */
export const pinAssigneeSchema = personSchema.extend({ role: z.enum(['ARCHI', 'CLIENT']) });
export type PinAssignee = z.infer<typeof pinAssigneeSchema>;

/** An item in the project's list 'Offene Punkte': the pin without its history, with its plan. */
export const planOpenItemSchema = pinSchema.omit({ statusHistory: true, replies: true }).extend({
  /** Where the item lies: a spot on a plan. */
  anchor: z.literal('PLAN'),
  planId: z.number(),
  planName: z.string(),
  /** The plan's version the item was placed on. */
  fileVersion: z.number(),
});
export type PlanOpenItem = z.infer<typeof planOpenItemSchema>;

/** One list of open items: spots on plans and the architect's follow-ups on questions ('Rückfrage'). */
export const openItemSchema = z.discriminatedUnion('anchor', [planOpenItemSchema, followUpSchema]);
export type OpenItem = z.infer<typeof openItemSchema>;

/** GET /api/s3/open-items/summary: per project the caller sees, its items not done and how many of them are overdue (projects without any are left out). */
export const openItemCountSchema = z.object({ projectId: z.number(), open: z.number(), overdue: z.number() });
export type OpenItemCount = z.infer<typeof openItemCountSchema>;

/** GET /api/s3/open-items/mine: the items the caller is responsible for and has not done, in every project, with the project's name. */
const inProject = { projectId: z.number(), projectName: z.string() };
export const ownOpenItemSchema = z.discriminatedUnion('anchor', [planOpenItemSchema.extend(inProject), followUpSchema.extend(inProject)]);
export type OwnOpenItem = z.infer<typeof ownOpenItemSchema>;

const emptyAsNone = <T extends string>(value: T | undefined) => (value || undefined) as Exclude<T, ''> | undefined;

/**
 * GET /api/s3/project/{projectId}/open-items: every item of the project's plans and versions, by
 * due date (none last). Filters: status (or UNERLEDIGT, everything not done), responsible
 * (username), kind, planId, due=OVERDUE, dueUntil (YYYY-MM-DD, due on or before).
 */
export const openItemsQuerySchema = z.object({
  status: z.union([z.literal(''), z.enum(openItemStatusFilters)], { error: fieldTexts.openItemsStatus }).optional().transform(emptyAsNone),
  responsible: z.string({ error: fieldTexts.pinResponsible }).max(100, fieldTexts.pinResponsible).optional().transform(emptyAsNone),
  kind: z.union([z.literal(''), pinKind]).optional().transform(emptyAsNone),
  planId: queryIdSchema(fieldTexts.queryNames.planId),
  due: z.union([z.literal(''), z.literal('OVERDUE')], { error: fieldTexts.openItemsDue }).optional().transform(emptyAsNone),
  dueUntil: z.union([z.literal(''), dueDate]).optional().transform(emptyAsNone),
});
export type OpenItemsQuery = z.input<typeof openItemsQuerySchema>;
export type OpenItemsFilter = z.output<typeof openItemsQuerySchema>;

/** GET /api/s3/project/{projectId}/open-items: the filters and `?page=&limit=`; a shorter page is the last. */
export const openItemsPageQuerySchema = openItemsQuerySchema.extend(listPageQuerySchema.shape);
export type OpenItemsPageQuery = z.output<typeof openItemsPageQuerySchema>;

/**
 * GET /api/s3/project/{projectId}/item-photos: the photos of the project's items ('Fotos'), each
 * with the item it belongs to (a pin, or a reply under one) and the plan the item lies on; by plan,
 * item and order.
 */
export const itemPhotoSchema = z.object({
  file: projectFileSchema,
  pinId: z.number(),
  pinNumber: z.number(),
  /** The reply the photo belongs to; null for a photo of the pin itself. */
  replyId: z.number().nullable(),
  /** The plan's version (file) the item lies on, its plan and its page. */
  fileId: z.number(),
  planId: z.number(),
  planName: z.string(),
  page: z.number(),
});
export type ItemPhoto = z.infer<typeof itemPhotoSchema>;
