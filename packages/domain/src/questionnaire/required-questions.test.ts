import { describe, expect, it } from 'vitest';
import { stepQuestions } from './answer-sheet';
import { questionnaireSchemas } from './step-schemas';
import { answeredQuestionsPerStep } from './progress';
import { questionnaireSteps, type QuestionnaireStep } from './steps';
import { requiredQuestions } from './required-questions';
import { issuesOf } from './test-helpers';

const roofQuestions = new Set<string>(['roofType', 'isAtticHeated']);

/** A PUT body with these answers, the roof's inside the roof. */
function bodyOf(answers: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers)) {
    if (roofQuestions.has(key)) body.roof = { ...(body.roof as Record<string, unknown> | undefined), [key]: value };
    else body[key] = value;
  }
  return body;
}

/** Every required question answered 'Nein' (all of them are Ja/Nein questions). */
const requiredAnswered = (step: QuestionnaireStep) => Object.fromEntries(requiredQuestions[step].map((question) => [question, false]));

const openQuestions = (step: QuestionnaireStep) => Object.fromEntries(stepQuestions[step].map((question) => [question, null]));

describe('requiredQuestions', () => {
  it("are the spec's two required booleans of the windows step, and no other question", () => {
    expect(requiredQuestions).toEqual({ general: [], storeys: [], windows: ['isDifferentWindows', 'isRollerBlindHousing'], heating: [] });
  });

  it.each(questionnaireSteps)('the %s step saves with only its required questions answered and every other one open', (step) => {
    const body = bodyOf({ ...openQuestions(step), ...requiredAnswered(step) });
    expect(issuesOf(questionnaireSchemas[step], body)).toEqual([]);
  });

  it.each(questionnaireSteps.flatMap((step) => requiredQuestions[step].map((question) => [step, question] as const)))(
    'the %s step refuses a save without %s, naming it',
    (step, question) => {
      const answers: Record<string, unknown> = { ...openQuestions(step), ...requiredAnswered(step) };
      delete answers[question];
      expect(issuesOf(questionnaireSchemas[step], bodyOf(answers))).toEqual([{ path: question, message: 'Required' }]);
    },
  );

  it('counts a step saved with only its required answers as that many answered questions', () => {
    const record = Object.fromEntries(
      questionnaireSteps.map((step) => [step, questionnaireSchemas[step].parse(bodyOf({ ...openQuestions(step), ...requiredAnswered(step) }))]),
    );
    const answered = answeredQuestionsPerStep(record);
    // The attic question has the spec's default 'Nein', so it counts as answered once the step is saved.
    expect(answered).toEqual({ general: 0, storeys: 1, windows: 2, heating: 0 });
  });
});
