import { z } from 'zod';
import { emailSchema, requestObject } from './fields';
import { requestIdSchema } from './ids';
import { fieldTexts } from './texts/form-texts';
import { documentTypes } from './file-formats';
import { pinKinds, pinStatuses } from './pin-items';
import { projectSchema, projectStatusSchema } from './projects';
import { questionnaireResponseSchemas } from './questionnaire/step-schemas';
import { unknownAllowedQuestions } from './questionnaire/catalogue';
import { confirmableQuestions } from './questionnaire/plausibility';
import { questionnaireSteps, type QuestionnaireStep } from './questionnaire/steps';

/**
 * The project export (spec section 7, 'Export and files'): what an energy consultant's or an
 * authority's tool reads. Its JSON Schema is derived from this one and served at
 * /api/export/schema.json; a change of shape raises schemaVersion.
 */
export const exportSchemaVersion = 6;

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
  photo: z.string().nullable().describe('The title of its first photo, if any (as before an item had several)'),
  photos: z.array(z.string()).describe('The titles of its photos, in their order'),
  createdBy: z.string().describe('Name of the person who placed it'),
  createdAt: z.string().describe('ISO 8601'),
  status: z.enum(pinStatuses).describe('The open item\'s status'),
  kind: z.enum(pinKinds).describe('The open item\'s kind'),
  responsible: z.string().nullable().describe('Name of the person responsible for it, if anyone'),
  dueDate: z.string().nullable().describe('YYYY-MM-DD, if set'),
  carriedFrom: z
    .object({ version: z.number().int().min(1), number: z.number().int() })
    .nullable()
    .describe('The pin of the previous version it was carried over from (that version and its number there), if any'),
  statusHistory: z
    .array(z.object({ from: z.enum(pinStatuses), to: z.enum(pinStatuses), by: z.string(), at: z.string().describe('ISO 8601') }))
    .describe('Every change of its status, oldest first'),
  replies: z
    .array(z.object({ text: z.string(), by: z.string(), at: z.string().describe('ISO 8601'), photos: z.array(z.string()).describe('The titles of the reply\'s photos') }))
    .describe('The conversation under the item, oldest first'),
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

/** A photo the client or an architect added to a question of the questionnaire. */
const exportQuestionPhotoSchema = z.object({
  step: z.enum(questionnaireSteps).describe('The step of the questionnaire the question is in'),
  question: z.string().describe("The question's field name in its step (e.g. heatProducer)"),
  name: z.string().describe('The title of the photo'),
  fileName: z.string().describe('The name of the uploaded file'),
  contentType: z.string(),
  size: z.number().int().min(0).describe('Bytes'),
  uploadedBy: z.string().describe('Name of the uploader as shown in the portal'),
  uploadedAt: z.string().describe('ISO 8601'),
});

/** An architect's follow-up on an answer ('Rückfrage'), with the client's answer once given. */
const exportFollowUpSchema = z.object({
  step: z.enum(questionnaireSteps).describe('The step of the questionnaire the question is in'),
  question: z.string().describe("The question's field name in its step (e.g. windowConstructionYear)"),
  questionText: z.string().describe('The question as the form asks it'),
  note: z.string().describe("The architect's note"),
  status: z.enum(pinStatuses).describe("OFFEN while unanswered, ERLEDIGT once answered"),
  by: z.string().describe('Name of the architect who asked'),
  at: z.string().describe('ISO 8601'),
  answer: z.string().nullable().describe("The client's answer; null while open"),
  answeredBy: z.string().nullable(),
  answeredAt: z.string().nullable().describe('ISO 8601'),
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

/** A step's 'Weiß ich nicht' answers: always present in the export, empty when there are none. */
const unknownListSchema = <S extends QuestionnaireStep>(step: S) =>
  z
    .array(z.enum(unknownAllowedQuestions[step]))
    .describe(
      "The questions of this step the client answered 'Weiß ich nicht' (unknown): their field names. Such a question's own field is null. " +
        'A null field not listed here is simply not answered yet.',
    );

/** A step's confirmed unusual values: always present in the export of the steps that can have one. */
const confirmedListSchema = <S extends keyof typeof confirmableQuestions>(step: S) =>
  z
    .array(z.enum(confirmableQuestions[step]))
    .describe("The questions of this step whose unusual but possible value (e.g. windows older than the building) the client confirmed ('Ja, stimmt so'): their field names.");

/** The general step; katastral is the project's when the step holds none, with its five-digit code beside it. */
const exportGeneralSchema = questionnaireResponseSchemas.general.extend({ katastralCode: katastralCodeSchema, unknown: unknownListSchema('general'), confirmed: confirmedListSchema('general') });

/**
 * A step never answered is null; answered steps use the spec's field names and enum values. A
 * question the step's other answers hide (different windows: no window year, glazing, frame or
 * roller blinds) is always null, also when an earlier answer was stored.
 */
const exportQuestionnaireSchema = z.object({
  general: exportGeneralSchema.nullable(),
  storeys: questionnaireResponseSchemas.storeys.extend({ unknown: unknownListSchema('storeys') }).nullable(),
  windows: questionnaireResponseSchemas.windows.extend({ unknown: unknownListSchema('windows'), confirmed: confirmedListSchema('windows') }).nullable(),
  heating: questionnaireResponseSchemas.heating.extend({ unknown: unknownListSchema('heating'), confirmed: confirmedListSchema('heating') }).nullable(),
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
    files: z.array(exportFileSchema).describe('The plans and documents; photos to questions are listed in questionPhotos, photos of open items by title with their pins and replies'),
    questionPhotos: z.array(exportQuestionPhotoSchema).describe('Photos to questions of the questionnaire, by step and question in the forms\' order, oldest first'),
    followUps: z.array(exportFollowUpSchema).describe("The architects' follow-ups on answers ('Rückfrage'), open items anchored on a question, oldest first"),
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
