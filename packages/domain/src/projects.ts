import { z } from 'zod';
import { checkAustrianAddress } from './austrian-address';
import { houseNumberSchema, multiLineText, optionalText, requestObject, requiredText } from './fields';
import { projectStatuses } from './questionnaire/project-status';
import { optionalKatastral } from './questionnaire/rules';
import { singleLineString } from './text';
import { fieldTexts } from './texts/form-texts';
import { queryCount } from './paging';
import { projectSearchDefaultPageSize, projectSearchMaxPageSize, projectSearchMaxQueryLength, projectSortKeys, type ProjectSortKey } from './project-search';
import { personNameSchema } from './people-schema';
import { claimedUsernameSchema } from './username';
import { pathIdSchema } from './ids';

/** A project's status as answers carry it (its labels and the rule live in project-status.ts, which the web app's shell uses without zod). */
export const projectStatusSchema = z.enum(projectStatuses);

/** Project address (spec section 3), with the Katastralgemeinde number 1002–92129. */
export const projectAddressSchema = requestObject({
  street: optionalText(200).default(''),
  number: houseNumberSchema.default(''),
  city: optionalText(200).default(''),
  katastral: optionalKatastral(),
  postalCode: optionalText(20).default(''),
  country: optionalText(200).default(''),
}).superRefine(checkAustrianAddress);
const emptyAddress = { street: '', number: '', city: '', katastral: null, postalCode: '', country: '' };

const projectAddressOut = z.object({
  street: z.string(),
  number: z.string(),
  city: z.string(),
  katastral: z.number().nullable(),
  postalCode: z.string(),
  country: z.string(),
});

/** POST /api/ProjectManagment: assignedUser is one of the caller's customers. */
export const createProjectRequestSchema = requestObject({
  name: requiredText(200, fieldTexts.projectNameRequired),
  assignedUser: claimedUsernameSchema.transform((username) => username || null),
  creationName: claimedUsernameSchema,
  description: multiLineText(10000).default(''),
  address: projectAddressSchema.default(emptyAddress),
});
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;

/** PUT /api/ProjectManagment/project/{id}: an architect edits name, description and address. */
export const updateProjectRequestSchema = requestObject({
  name: requiredText(200, fieldTexts.projectNameRequired),
  description: multiLineText(10000).default(''),
  address: projectAddressSchema.default(emptyAddress),
});
export type UpdateProjectRequest = z.input<typeof updateProjectRequestSchema>;

/** A project as the architect's lists and the overview see it. */
export const projectSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  assignedUser: z.string().nullable(),
  creationName: z.string().nullable(),
  progress: z.number(),
  status: projectStatusSchema,
  address: projectAddressOut,
});
export type Project = z.infer<typeof projectSchema>;

/** 'Projekte mit Neuerungen' (GET /api/ProjectManagment/dash/{username}). */
export const dashboardProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: projectStatusSchema,
  assignedUser: z.string().nullable(),
  changedAt: z.string(),
  /** Not in the spec: the customer's name beside assignedUser, so the row names a person, not an account. */
  customer: personNameSchema.nullable().optional(),
  /** Not in the spec, like those below: how far the questionnaire is (0–100), so the row can say 'Fragebogen 75 %'. */
  progress: z.number().optional(),
  /** Files uploaded since this architect last opened the project (all of them before the first opening), new versions of plans included. */
  newFiles: z.number().optional(),
  /** Of those, how many are new versions of a plan uploaded before. */
  newVersions: z.number().optional(),
  /** Pins placed on the project's plans since this architect last opened the project. */
  newPins: z.number().optional(),
  /** Status changes of the project's items since this architect last opened the project. */
  statusChanges: z.number().optional(),
  /** Follow-ups on answers the client answered since this architect last opened the project. */
  answeredFollowUps: z.number().optional(),
  /** Questionnaire saves that changed answers since this architect last opened the project. */
  questionnaireChanges: z.number().optional(),
  /** Chat messages from the project's customer to this architect that are still unread. */
  unreadMessages: z.number().optional(),
});
export type DashboardProject = z.infer<typeof dashboardProjectSchema>;

/** GET /api/projects: search, filter, sort and page the projects of the architect's team. */
export const projectSearchQuerySchema = z.object({
  query: z
    .string({ error: fieldTexts.searchQueryText })
    .pipe(singleLineString())
    .transform((value) => value.trim())
    .pipe(z.string().max(projectSearchMaxQueryLength, fieldTexts.maxLength(projectSearchMaxQueryLength)))
    .default(''),
  status: z
    .union([z.literal(''), z.enum(projectStatuses)], { error: fieldTexts.unknownStatus })
    .optional()
    .transform((value) => value || undefined),
  sort: z
    .union([z.literal(''), z.enum(projectSortKeys)], { error: fieldTexts.unknownSort })
    .optional()
    .transform((value): ProjectSortKey => value || 'changedAt'),
  page: queryCount(fieldTexts.queryNames.page, 100_000, 1),
  pageSize: queryCount(fieldTexts.queryNames.pageSize, projectSearchMaxPageSize, projectSearchDefaultPageSize),
});
export type ProjectSearchQuery = z.output<typeof projectSearchQuerySchema>;

/** One row of 'Alle Projekte' and the 'Projektübersicht' list. */
export const projectSearchItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: projectStatusSchema,
  progress: z.number(),
  address: projectAddressOut,
  /** The assigned customer, null while the project has none. */
  customer: personNameSchema.nullable(),
  changedAt: z.string(),
});
export type ProjectSearchItem = z.infer<typeof projectSearchItemSchema>;

export const projectSearchResultSchema = z.object({
  items: z.array(projectSearchItemSchema),
  /** How many projects match, over all pages. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ProjectSearchResult = z.infer<typeof projectSearchResultSchema>;

/** The client's project list and the project overview (GET /api/DashboardClient/...). */
export const clientProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  progress: z.number(),
  address: z.object({ street: z.string(), number: z.string(), city: z.string(), country: z.string() }),
});
export type ClientProject = z.infer<typeof clientProjectSchema>;

export const projectIdParamsSchema = z.object({ projectId: pathIdSchema });
