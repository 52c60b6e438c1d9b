import { stepVersionTag, type QuestionnaireRecord, type QuestionnaireStep, type StepPatch } from '@bauakte/domain/labels';
import { questionnaireConflictSchema, questionnaireResponseSchemas, type QuestionnaireConflict, type GeneralAnswers, type GeneralAnswersInput, type HeatingAnswers, type HeatingAnswersInput, type QuestionnaireAnswers, type StoreysAnswers, type StoreysAnswersInput, type WindowsAnswersInput, type WindowsResponse } from '@bauakte/domain/schemas';
import { ApiError, apiRequest, apiRequestWithHeaders } from '../../lib/api';
import { requestStepAnswers, stepPath, takeStartedAnswers } from './step-start';

/** What a step's form holds before validation: the input side of the step's schema. */
export type StepFormValues<S extends QuestionnaireStep> = {
  general: GeneralAnswersInput;
  storeys: StoreysAnswersInput;
  windows: WindowsAnswersInput;
  heating: HeatingAnswersInput;
}[S];

/** A step's validated answers: the PUT body, with unanswered questions as null. */
export type StepAnswers<S extends QuestionnaireStep> = QuestionnaireAnswers[S];

/** A PUT body: the step's answers, or some of them (what is not sent stays as stored). */
export type StepSaveBody<S extends QuestionnaireStep> = Partial<StepAnswers<S>>;

/** A step's stored answers as GET reads them: a never-saved step has every answer null. */
export type StoredAnswers<S extends QuestionnaireStep> = {
  general: GeneralAnswers;
  storeys: StoreysAnswers;
  windows: WindowsResponse;
  heating: HeatingAnswers;
}[S];

/** Reads a GET answer leniently, so `{}` and nulls become a form's empty answers. */
const readers: { [S in QuestionnaireStep]: (stored: unknown) => StoredAnswers<S> } = {
  general: (stored) => questionnaireResponseSchemas.general.parse(stored),
  storeys: (stored) => questionnaireResponseSchemas.storeys.parse(stored),
  windows: (stored) => questionnaireResponseSchemas.windows.parse(stored),
  heating: (stored) => questionnaireResponseSchemas.heating.parse(stored),
};

/** Stored answers as the step's GET gives them (e.g. those a conflict names), read as the form reads them. */
export function readStoredAnswers<S extends QuestionnaireStep>(step: S, stored: unknown): StoredAnswers<S> {
  return readers[step](stored);
}

/** A step's stored answers and their version (the answer's ETag; undefined when the server sends none). */
export interface VersionedStep<S extends QuestionnaireStep> {
  answers: StoredAnswers<S>;
  version: string | undefined;
}

const versionOf = (headers: Headers) => headers.get('etag') ?? undefined;

/** GET /api/{step}/{projectId}: the step's stored answers and version (the start's answer, when it asked for this step). */
export async function fetchStepAnswers<S extends QuestionnaireStep>(step: S, projectId: string): Promise<VersionedStep<S>> {
  const read = readers[step];
  const { data, headers } = await (takeStartedAnswers(step, projectId) ?? requestStepAnswers(step, projectId));
  return { answers: read(data), version: versionOf(headers) };
}

/**
 * PUT /api/{step}/{projectId} with the answers the person changed, and the version the edit started
 * from as If-Match: the server keeps what others changed meanwhile and refuses (409, see
 * conflictOfSave) when someone changed the same answers. Gives the step's new version.
 */
export async function saveStepAnswers<S extends QuestionnaireStep>(
  step: S,
  projectId: string,
  answers: StepPatch,
  basedOn: string | undefined,
): Promise<string | undefined> {
  const headers = basedOn === undefined ? undefined : { 'if-match': basedOn };
  return versionOf((await apiRequestWithHeaders<unknown>(stepPath(step, projectId), { method: 'PUT', body: answers, headers })).headers);
}

/** A refused save's conflict: the step as it is now, who saved it and when, and the answers both changed. */
export function conflictOfSave(error: unknown): QuestionnaireConflict | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parsed = questionnaireConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

/** The version a conflict names, as If-Match for the next save. */
export const conflictVersion = (conflict: QuestionnaireConflict): string => stepVersionTag(conflict.version);

/**
 * GET /api/questionnaire/{projectId}: the stored answers of all four steps in one call, e.g. to tell
 * which questions are still open.
 */
export async function fetchQuestionnaireRecord(projectId: string): Promise<QuestionnaireRecord> {
  const stored = await apiRequest<Partial<Record<QuestionnaireStep, unknown>>>(`/questionnaire/${encodeURIComponent(projectId)}`);
  return {
    general: readers.general(stored.general ?? {}),
    storeys: readers.storeys(stored.storeys ?? {}),
    windows: readers.windows(stored.windows ?? {}),
    heating: readers.heating(stored.heating ?? {}),
  };
}
