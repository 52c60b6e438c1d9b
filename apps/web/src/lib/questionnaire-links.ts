import type { QuestionKey, QuestionnaireStep } from '@bauakte/domain/labels';

// Links into the questionnaire and back. A module of its own: the dashboards and the shell link to
// the steps without loading the steps' forms and answer schemas.

/** The route of each step (spec section 2). */
export const stepPaths: Record<QuestionnaireStep, string> = {
  general: '/general',
  storeys: '/storeys',
  windows: '/windows',
  heating: '/heating',
};

/** The search parameter naming the question a step opens with focused ('/storeys?frage=roofType'). */
export const focusParam = 'frage';

/** The link to a step that focuses one of its questions. */
export function questionLink(step: QuestionnaireStep, key: QuestionKey): { pathname: string; search: string } {
  return { pathname: stepPaths[step], search: `?${new URLSearchParams({ [focusParam]: key }).toString()}` };
}

/** The navigation state after the last step's save: the dashboard then shows what is still open. */
export interface QuestionnaireSavedState {
  questionnaireSaved: string;
}

export function savedProjectOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('questionnaireSaved' in state)) return null;
  const { questionnaireSaved } = state as QuestionnaireSavedState;
  return typeof questionnaireSaved === 'string' ? questionnaireSaved : null;
}
