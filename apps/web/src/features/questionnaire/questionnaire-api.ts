import {
  questionnaireResponseSchemas,
  type GeneralAnswers,
  type GeneralAnswersInput,
  type HeatingAnswers,
  type HeatingAnswersInput,
  type QuestionnaireAnswers,
  type QuestionnaireRecord,
  type QuestionnaireStep,
  type StoreysAnswers,
  type StoreysAnswersInput,
  type WindowsAnswersInput,
  type WindowsResponse,
} from '@bauakte/domain';
import { apiRequest } from '../../lib/api';

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

export const questionnaireKeys = {
  step: (projectId: string, step: QuestionnaireStep) => ['questionnaire', projectId, step] as const,
  record: (projectId: string) => ['questionnaire', projectId, 'record'] as const,
};

/** Reads a GET answer leniently, so `{}` and nulls become a form's empty answers. */
const readers: { [S in QuestionnaireStep]: (stored: unknown) => StoredAnswers<S> } = {
  general: (stored) => questionnaireResponseSchemas.general.parse(stored),
  storeys: (stored) => questionnaireResponseSchemas.storeys.parse(stored),
  windows: (stored) => questionnaireResponseSchemas.windows.parse(stored),
  heating: (stored) => questionnaireResponseSchemas.heating.parse(stored),
};

const stepPath = (step: QuestionnaireStep, projectId: string) => `/${step}/${encodeURIComponent(projectId)}`;

/** GET /api/{step}/{projectId}: the step's stored answers. */
export async function fetchStepAnswers<S extends QuestionnaireStep>(step: S, projectId: string): Promise<StoredAnswers<S>> {
  const read = readers[step];
  return read(await apiRequest<unknown>(stepPath(step, projectId)));
}

/** PUT /api/{step}/{projectId} with the step's validated answers. */
export async function saveStepAnswers<S extends QuestionnaireStep>(step: S, projectId: string, answers: StepSaveBody<S>): Promise<void> {
  await apiRequest<unknown>(stepPath(step, projectId), { method: 'PUT', body: answers });
}

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
