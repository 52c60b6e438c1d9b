import { z } from 'zod';
import { houseNumberSchema, optionalText, requiredText } from './fields';
import { projectStatusSchema } from './questionnaire/project-status';
import { optionalKatastral } from './questionnaire/rules';


/** Project address (spec section 3), with the Katastralgemeinde number 1002–92129. */
export const projectAddressSchema = z.object({
  street: optionalText(200).default(''),
  number: houseNumberSchema.default(''),
  city: optionalText(200).default(''),
  katastral: optionalKatastral(),
  postalCode: optionalText(20).default(''),
  country: optionalText(200).default(''),
});
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
export const createProjectRequestSchema = z.object({
  name: requiredText(200, 'Bitte geben Sie einen Projektnamen ein.'),
  assignedUser: z.string().trim().max(100).nullish(),
  creationName: z.string().nullish(),
  description: optionalText(10000).default(''),
  address: projectAddressSchema.default(emptyAddress),
});
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;

/** PUT /api/ProjectManagment/project/{id}: an architect edits name, description and address. */
export const updateProjectRequestSchema = z.object({
  name: requiredText(200, 'Bitte geben Sie einen Projektnamen ein.'),
  description: optionalText(10000).default(''),
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
});
export type DashboardProject = z.infer<typeof dashboardProjectSchema>;

/** The client's project list and the project overview (GET /api/DashboardClient/...). */
export const clientProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  progress: z.number(),
  address: z.object({ street: z.string(), number: z.string(), city: z.string(), country: z.string() }),
});
export type ClientProject = z.infer<typeof clientProjectSchema>;

export const projectDetailSchema = projectSchema;
export type ProjectDetail = Project;

export const projectIdParamsSchema = z.object({ projectId: z.coerce.number().int().positive() });
