import { z } from 'zod';
import { projectIdParamsSchema, questionnaireChangeSchema, questionnaireSchemas, questionnaireSteps, type QuestionnaireStep } from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import type { App } from '../../platform/http/types';
import type { QuestionnaireService } from './service';

/** Answers leave as stored; the shared schema validated them on the way in. */
const storedAnswers = z.looseObject({});

/** GET and PUT /api/{general|storeys|windows|heating}/{projectId} (spec section 7, Questionnaire). */
export function registerQuestionnaireRoutes(app: App, questionnaire: QuestionnaireService): void {
  const tags = ['questionnaire'];

  const registerStep = (step: QuestionnaireStep) => {
    app.get(`/api/${step}/:projectId`, { schema: { tags, params: projectIdParamsSchema, response: { 200: storedAnswers } } }, (request) =>
      questionnaire.get(callerOf(request), request.params.projectId, step),
    );
    app.put(
      `/api/${step}/:projectId`,
      { schema: { tags, params: projectIdParamsSchema, body: questionnaireSchemas[step], response: { 200: storedAnswers } } },
      (request) => questionnaire.save(callerOf(request), request.params.projectId, step, request.body as Record<string, unknown>),
    );
  };
  questionnaireSteps.forEach(registerStep);

  app.get(
    '/api/questionnaire/:projectId/changes',
    { schema: { tags, params: projectIdParamsSchema, response: { 200: z.array(questionnaireChangeSchema) } } },
    (request) => questionnaire.changes(callerOf(request), request.params.projectId),
  );
}
