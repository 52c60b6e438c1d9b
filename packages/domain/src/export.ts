import { z } from 'zod';
import { emailSchema, requestObject } from './fields';
import { requestIdSchema } from './ids';
import { fieldTexts } from './texts/form-texts';
import { documentTypes } from './file-formats';
import { projectSchema, projectStatusSchema } from './projects';
import { questionnaireResponseSchemas } from './questionnaire/step-schemas';

/**
 * The project export (spec section 7, 'Export and files'): what an energy consultant's or an
 * authority's tool reads. Its JSON Schema is derived from this one and served at
 * /api/export/schema.json; a change of shape raises schemaVersion.
 */
export const exportSchemaVersion = 3;

const exportPersonSchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
});

/** One version of a plan. */
const exportFileVersionSchema = z.object({
  version: z.number().int().min(1),
  name: z.string().describe('The title given at upload'),
  fileName: z.string().describe('The name of the uploaded file'),
  size: z.number().int().min(0).describe('Bytes'),
  uploadedBy: z.string().describe('Name of the uploader as shown in the portal'),
  uploadedAt: z.string().describe('ISO 8601'),
});

/** A plan, described by its current (newest) version, with all its versions. */
const exportPinSchema = z.object({
  number: z.number().int().describe('The pin\'s number on its version of the plan'),
  version: z.number().int().min(1).describe('The version of the plan it was placed on'),
  page: z.number().int().min(1),
  x: z.number().min(0).max(1).describe('From the page\'s left edge (0) to its right edge (1)'),
  y: z.number().min(0).max(1).describe('From the page\'s top edge (0) to its bottom edge (1)'),
  comment: z.string(),
  photo: z.string().nullable().describe('The title of the photo file attached, if any'),
  createdBy: z.string().describe('Name of the person who placed it'),
  createdAt: z.string().describe('ISO 8601'),
});

const exportFileSchema = z.object({
  name: z.string().describe('The title given at upload'),
  comment: z.string(),
  fileName: z.string().describe('The name of the uploaded file'),
  documentType: z.enum(documentTypes),
  contentType: z.string(),
  size: z.number().int().min(0).describe('Bytes'),
  uploadedBy: z.string().describe('Name of the uploader as shown in the portal'),
  uploadedAt: z.string().describe('ISO 8601'),
  version: z.number().int().min(1).describe('The current version of the plan'),
  versions: z.array(exportFileVersionSchema).describe('Every version of the plan, newest first'),
  pins: z.array(exportPinSchema).describe('Points marked on the plan, with their comments'),
});

/** The Katastralgemeinde number as written, with its leading zeros: five digits. */
const katastralCodeSchema = z
  .string()
  .regex(/^[0-9]{5}$/)
  .nullable()
  .describe('The Katastralgemeinde number as its five-digit code with leading zeros ("01544"); null when none is known. katastral holds the same number');

const exportAddressSchema = projectSchema.shape.address.extend({ katastralCode: katastralCodeSchema });

/** The project with its address's five-digit KG code beside the number. */
const exportProjectSchema = projectSchema.extend({ address: exportAddressSchema });

/** The general step; katastral is the project's when the step holds none, with its five-digit code beside it. */
const exportGeneralSchema = questionnaireResponseSchemas.general.extend({ katastralCode: katastralCodeSchema });

/**
 * A step never answered is null; answered steps use the spec's field names and enum values. A
 * question the step's other answers hide (different windows: no window year, glazing, frame or
 * roller blinds) is always null, also when an earlier answer was stored.
 */
const exportQuestionnaireSchema = z.object({
  general: exportGeneralSchema.nullable(),
  storeys: questionnaireResponseSchemas.storeys.nullable(),
  windows: questionnaireResponseSchemas.windows.nullable(),
  heating: questionnaireResponseSchemas.heating.nullable(),
});

export const projectExportSchema = z
  .object({
    schemaVersion: z.literal(exportSchemaVersion).describe('The version of this schema the document follows; the PDF export names it too'),
    exportedAt: z.string().describe('ISO 8601, UTC'),
    project: exportProjectSchema,
    customer: exportPersonSchema.nullable(),
    architect: exportPersonSchema.nullable(),
    questionnaire: exportQuestionnaireSchema,
    progress: z.number().min(0).max(100).describe('Percent of the questionnaire answered'),
    status: projectStatusSchema,
    files: z.array(exportFileSchema),
  })
  .describe('Bauakte project export');
export type ProjectExport = z.infer<typeof projectExportSchema>;

/** The JSON Schema (2020-12) of the export, for tools that read it. */
export function projectExportJsonSchema(): Record<string, unknown> {
  return {
    $id: `https://bauakte.at/schemas/project-export-v${exportSchemaVersion}.json`,
    title: 'Bauakte Projektexport',
    ...z.toJSONSchema(projectExportSchema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }),
  };
}

/**
 * POST /api/email/send-pdf and /send-json: the export goes to this address as an attachment. The
 * web app sends the project id it stored as text, so a canonical numeric string is taken too.
 */
export const sendExportRequestSchema = requestObject({
  email: emailSchema,
  projectId: requestIdSchema(fieldTexts.idInvalid(fieldTexts.queryNames.projectId)),
});
export type SendExportRequest = z.input<typeof sendExportRequestSchema>;

export const sendExportResponseSchema = z.object({ message: z.string(), email: z.string() });
export type SendExportResponse = z.infer<typeof sendExportResponseSchema>;

/** Mails of exports per architect and hour: the route mails arbitrary addresses. */
export const exportMailsPerHour = 20;
