import type { QueryClient } from '@tanstack/react-query';
import type { QuestionnaireStep } from '@bauakte/domain/labels';
import { apiRequestWithHeaders, type ApiAnswer } from '../../lib/api';
import { idFrom } from '../../lib/link-id';
import { isOnline } from '../../lib/online-status';
import { queryDefaults } from '../../lib/query-client';
import { getSelectedProjectId } from '../../platform/project/project-selection';
import { projectQuery } from '../../platform/project/project-query';
import { stepPaths } from '../../lib/questionnaire-links';

export const stepPath = (step: QuestionnaireStep, projectId: string) => `/${step}/${encodeURIComponent(projectId)}`;

/** GET /api/{step}/{projectId} as the server sends it: read by the step's schema only where the form is (questionnaire-api.ts). */
export const requestStepAnswers = (step: QuestionnaireStep, projectId: string) => apiRequestWithHeaders<unknown>(stepPath(step, projectId));

interface StartedAnswers {
  step: QuestionnaireStep;
  projectId: string;
  askedAt: number;
  answer: Promise<ApiAnswer<unknown>>;
}

let started: StartedAnswers | undefined;

const stepOfPath = (pathname: string) => (Object.keys(stepPaths) as QuestionnaireStep[]).find((step) => stepPaths[step] === pathname);

/**
 * A start on a questionnaire step asks for the project (its name heads the page) and the step's
 * answers beside the page's code. The answers stay out of the query cache, where a form must never
 * find an older copy: the step's first read takes them once (takeStartedAnswers).
 */
export function prefetchStep(queryClient: QueryClient, pathname: string): void {
  const step = stepOfPath(pathname);
  const projectId = idFrom(getSelectedProjectId());
  // Offline the step's own query waits and gets what the device keeps; an answer asked for here
  // would only fail, and the step would take that failure as its answer.
  if (!step || !projectId || !isOnline()) return;
  void queryClient.prefetchQuery(projectQuery(projectId));
  const answer = requestStepAnswers(step, projectId);
  // A failure is the step's to show, when it reads the answer.
  answer.catch(() => undefined);
  started = { step, projectId, askedAt: Date.now(), answer };
}

/** The answers the start asked for this step, once, and only while as fresh as any answer a page mounts with. */
export function takeStartedAnswers(step: QuestionnaireStep, projectId: string): Promise<ApiAnswer<unknown>> | undefined {
  const taken = started;
  if (!taken || taken.step !== step || taken.projectId !== projectId) return undefined;
  started = undefined;
  return Date.now() - taken.askedAt <= queryDefaults.staleTime ? taken.answer : undefined;
}
