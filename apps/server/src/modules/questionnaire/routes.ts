import { z } from 'zod';
import {
  answerFollowUpRequestSchema,
  createFollowUpRequestSchema,
  followUpIdParamsSchema,
  followUpSchema,
  listPageQuerySchema,
  projectChangeSchema,
  projectIdParamsSchema,
  questionnairePatchSchemas,
  questionnaireSteps,
  stepVersionTag,
  type QuestionnaireStep,
} from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { FollowUpService } from './follow-ups';
import type { QuestionnaireService } from './service';
import { ifMatchVersion } from './step-version';

/** Each step's version on the all-steps answer, e.g. 'general=3, storeys=0, windows=1, heating=2'. */
export const questionnaireVersionsHeader = 'questionnaire-versions';

/** Answers leave as stored; the shared schema validated them on the way in. */
const storedAnswers = z.looseObject({});

const saveDescription = [
  'Saves the fields sent; fields not sent keep their stored answer, null clears one. Unknown fields are refused.',
  'The answer carries the step\'s new version in its ETag header.',
  'If-Match (optional) names the version the edit started from (the ETag of the GET). Without it the save is a plain one.',
  'If the step has changed since that version, the save still goes through when none of the answers it changes was changed',
  'by someone else after that version: its changes are laid over the current answers, the rest stays as stored.',
  'So send only the fields the person changed. If some answer was changed by both, nothing is saved: 409',
  'QUESTIONNAIRE_CONFLICT with the current answers, version, who saved last (savedBy) and when (savedAt) and the',
  'answers both changed (fields, dotted paths); save again with that version. A malformed If-Match, or a version',
  'the step never had, is refused with 400.',
].join(' ');

/** GET and PUT /api/{general|storeys|windows|heating}/{projectId} (spec section 7, Questionnaire). */
export function registerQuestionnaireRoutes(app: App, questionnaire: QuestionnaireService, followUps: FollowUpService): void {
  const readable = requires.project('params.projectId', 'read').for('ARCHI', 'CLIENT');
  const managed = requires.project('params.projectId', 'manage').for('ARCHI');
  const tags = ['questionnaire'];

  const registerStep = (step: QuestionnaireStep) => {
    app.get(
      `/api/${step}/:projectId`,
      {
        config: { access: readable },
        schema: {
          tags,
          description: "The step's stored answers; the ETag header holds the step's version, to send back in If-Match when saving.",
          params: projectIdParamsSchema,
          response: { 200: storedAnswers },
        },
      },
      async (request, reply) => {
        const { answers, version } = await questionnaire.get(readable.of(request), step);
        void reply.header('etag', stepVersionTag(version));
        return answers;
      },
    );
    app.put(
      `/api/${step}/:projectId`,
      {
        config: { access: readable },
        schema: {
          tags,
          description: saveDescription,
          params: projectIdParamsSchema,
          body: questionnairePatchSchemas[step],
          response: { 200: storedAnswers },
        },
      },
      async (request, reply) => {
        const basedOn = ifMatchVersion(request.headers['if-match']);
        const { answers, version } = await questionnaire.save(callerOf(request), readable.of(request), step, request.body as Record<string, unknown>, basedOn);
        void reply.header('etag', stepVersionTag(version));
        return answers;
      },
    );
  };
  questionnaireSteps.forEach(registerStep);

  app.get(
    '/api/questionnaire/:projectId',
    {
      config: { access: readable },
      schema: {
        tags,
        description:
          "All four steps' stored answers in one call, each as its own GET answers it ('Fragebogen fortsetzen'). " +
          "The Questionnaire-Versions header holds each step's version, as its own GET's ETag does: general=3, storeys=0, windows=1, heating=2.",
        params: projectIdParamsSchema,
        response: { 200: z.object({ general: storedAnswers, storeys: storedAnswers, windows: storedAnswers, heating: storedAnswers }) },
      },
    },
    async (request, reply) => {
      const steps = await questionnaire.record(readable.of(request));
      void reply.header(questionnaireVersionsHeader, questionnaireSteps.map((step) => `${step}=${steps[step].version}`).join(', '));
      return Object.fromEntries(questionnaireSteps.map((step) => [step, steps[step].answers])) as Record<QuestionnaireStep, Record<string, unknown>>;
    },
  );

  app.get(
    '/api/questionnaire/:projectId/changes',
    { config: { access: managed }, schema: { tags, params: projectIdParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(projectChangeSchema) } } },
    (request) => questionnaire.changes(managed.of(request), request.query),
  );

  registerFollowUpRoutes(app, followUps);
}

/**
 * The architect's follow-ups on answers ('Rückfrage'): both sides read them, the project's
 * architects raise them, its client answers them (the answer closes one). A note and an answer are
 * messages about the project, as a pin's comment and reply are: both draw on the message budget.
 */
function registerFollowUpRoutes(app: App, followUps: FollowUpService): void {
  const readable = requires.project('params.projectId', 'read').for('ARCHI', 'CLIENT');
  const managed = requires.project('params.projectId', 'manage').for('ARCHI');
  const answerable = requires.project('params.projectId', 'read').for('CLIENT');
  const tags = ['questionnaire'];

  app.get(
    '/api/questionnaire/:projectId/follow-ups',
    { config: { access: readable }, schema: { tags, description: "The project's follow-ups, oldest first.", params: projectIdParamsSchema, response: { 200: z.array(followUpSchema) } } },
    (request) => followUps.list(readable.of(request)),
  );

  app.post(
    '/api/questionnaire/:projectId/follow-ups',
    {
      config: { access: managed, perUserBudget: 'chatMessage' },
      schema: { tags, description: "An architect's follow-up on one answer, for the project's client to answer.", params: projectIdParamsSchema, body: createFollowUpRequestSchema, response: { 201: followUpSchema } },
    },
    async (request, reply) => reply.status(201).send(await followUps.raise(callerOf(request), managed.of(request), request.body)),
  );

  app.post(
    '/api/questionnaire/:projectId/follow-ups/:followUpId/answer',
    {
      config: { access: answerable, perUserBudget: 'chatMessage' },
      schema: {
        tags,
        description: 'The client answers a follow-up, which closes it. A follow-up changed since `version`, or answered already, is refused with 409.',
        params: followUpIdParamsSchema,
        body: answerFollowUpRequestSchema,
        response: { 200: followUpSchema },
      },
    },
    (request) => followUps.answer(callerOf(request), answerable.of(request), request.params.followUpId, request.body),
  );
}
