import type { QuestionnaireRecord } from '@bauakte/domain/labels';

/** The answers' schemas come with the questionnaire's code, when they are needed, not with the dashboard or the overview. */
export async function fetchRecordOnDemand(projectId: string): Promise<QuestionnaireRecord> {
  const { fetchQuestionnaireRecord } = await import('./questionnaire-api');
  return fetchQuestionnaireRecord(projectId);
}
