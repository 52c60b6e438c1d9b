import type { DefaultValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { questionnaireSteps, stepQuestions, withoutHiddenAnswers, type QuestionKey, type QuestionnaireStep } from '@bauakte/domain/labels';
import { questionnaireSchemas } from '@bauakte/domain/schemas';
import { questionnaireReturnPathFor } from '../../platform/session/home-path';
import type { StepAnswers, StepFormValues, StepSaveBody, StoredAnswers } from './questionnaire-api';
import { stepPaths } from '../../lib/questionnaire-links';


export const stepCount = questionnaireSteps.length;

/** 1 for General … 4 for Heating. */
export function stepNumber(step: QuestionnaireStep): number {
  return questionnaireSteps.indexOf(step) + 1;
}

export function isLastStep(step: QuestionnaireStep): boolean {
  return stepNumber(step) === stepCount;
}

/** Where a saved step goes on: the next step, and after Heating the role's dashboard. */
export function pathAfter(step: QuestionnaireStep, roles: readonly string[]): string {
  const next = questionnaireSteps[stepNumber(step)];
  return next ? stepPaths[next] : questionnaireReturnPathFor(roles);
}

const windowsSchemaResolver: Resolver<StepFormValues<'windows'>, unknown, StepAnswers<'windows'>> = zodResolver(questionnaireSchemas.windows);

/**
 * Questions the answers hide (the domain's conditions) keep their values in the form, so switching
 * back shows them again before saving; hidden, they must not block saving and are saved cleared,
 * as the server would clear them.
 */
const windowsResolver: Resolver<StepFormValues<'windows'>, unknown, StepAnswers<'windows'>> = (values, context, options) =>
  windowsSchemaResolver(withoutHiddenAnswers('windows', values), context, options);

/** Each step's form validates with the schema the server applies to the PUT body. */
export const stepResolvers: { [S in QuestionnaireStep]: Resolver<StepFormValues<S>, unknown, StepAnswers<S>> } = {
  general: zodResolver(questionnaireSchemas.general),
  storeys: zodResolver(questionnaireSchemas.storeys),
  windows: windowsResolver,
  heating: zodResolver(questionnaireSchemas.heating),
};

/**
 * The step as a save body: every answer, unanswered questions as null, so an emptied answer is
 * cleared — a hidden one too, as the resolver judged it unanswered. Of it, a save sends what
 * differs from the answers the step was loaded with (step-page).
 */
export const saveBodyOf: { [S in QuestionnaireStep]: (answers: StepAnswers<S>) => StepSaveBody<S> } = {
  general: (answers) => answers,
  storeys: (answers) => answers,
  windows: (answers) => answers,
  heating: (answers) => answers,
};

/** A question's field in its step's form ('roofType' → 'roof.roofType'). */
export function questionPath(key: QuestionKey): string {
  return key === 'roofType' || key === 'isAtticHeated' ? `roof.${key}` : key;
}

/** The question a step should focus, when the link named one of the step's questions. */
export function questionToFocus(step: QuestionnaireStep, requested: string | null): QuestionKey | null {
  return stepQuestions[step].find((key) => key === requested) ?? null;
}

/** Stored answers as a form's starting values. */
export const formValuesOf: { [S in QuestionnaireStep]: (stored: StoredAnswers<S>) => DefaultValues<StepFormValues<S>> } = {
  general: (stored) => stored,
  storeys: (stored) => stored,
  // Never answered reads null, but the form must treat it as missing to ask for it ('Required').
  windows: (stored) => ({ ...stored, isDifferentWindows: stored.isDifferentWindows ?? undefined }),
  heating: (stored) => stored,
};
