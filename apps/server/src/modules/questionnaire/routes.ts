import { z } from 'zod';
import { listPageQuerySchema, projectIdParamsSchema, questionnaireChangeSchema, questionnairePatchSchemas, questionnaireSteps, type QuestionnaireStep } from '@bauakte/domain';
import { callerOf, type AccessPolicy } from '../../platform/access/access';
import { validBody } from '../../platform/http/request-body';
import type { App } from '../../platform/http/types';
import type { QuestionnaireService } from './service';

/** Answers leave as stored; the shared schema validated them on the way in. */
const storedAnswers = z.looseObject({});

/** GET and PUT /api/{general|storeys|windows|heating}/{projectId} (spec section 7, Questionnaire). */
export function registerQuestionnaireRoutes(app: App, deps: { questionnaire: QuestionnaireService; access: AccessPolicy }): void {
  const { questionnaire, access } = deps;
  const tags = ['questionnaire'];

  const registerStep = (step: QuestionnaireStep) => {
    app.get(`/api/${step}/:projectId`, { schema: { tags, params: projectIdParamsSchema, response: { 200: storedAnswers } } }, async (request) =>
      questionnaire.get(await access.project(callerOf(request), request.params.projectId, 'read'), step),
    );
    app.put(
      `/api/${step}/:projectId`,
      {
        attachValidation: true,
        schema: {
          tags,
          description: 'Saves the fields sent; fields not sent keep their stored answer, null clears one. Unknown fields are refused.',
          params: projectIdParamsSchema,
          body: questionnairePatchSchemas[step],
          response: { 200: storedAnswers },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const project = await access.project(caller, request.params.projectId, 'read');
        return questionnaire.save(caller, project, step, validBody(request) as Record<string, unknown>);
      },
    );
  };
  questionnaireSteps.forEach(registerStep);

  app.get(
    '/api/questionnaire/:projectId',
    {
      schema: {
        tags,
        description: "All four steps' stored answers in one call, each as its own GET answers it ('Fragebogen fortsetzen').",
        params: projectIdParamsSchema,
        response: { 200: z.object({ general: storedAnswers, storeys: storedAnswers, windows: storedAnswers, heating: storedAnswers }) },
      },
    },
    async (request) => questionnaire.record(await access.project(callerOf(request), request.params.projectId, 'read')),
  );

  app.get(
    '/api/questionnaire/:projectId/changes',
    { schema: { tags, params: projectIdParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(questionnaireChangeSchema) } } },
    async (request) => questionnaire.changes(await access.project(callerOf(request), request.params.projectId, 'manage'), request.query),
  );
}
