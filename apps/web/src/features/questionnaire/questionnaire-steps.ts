import type { DefaultValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { questionnaireSchemas, questionnaireSteps, stepQuestions, type QuestionKey, type QuestionnaireStep } from '@bauakte/domain';
import { questionnaireReturnPathFor } from '../auth/home-path';
import type { StepAnswers, StepFormValues, StepSaveBody, StoredAnswers } from './questionnaire-api';
import { stepPaths } from './questionnaire-links';


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

/** The windows questions the client leaves to the architect when the windows differ (spec section 2). */
export const windowDetails = ['windowConstructionYear', 'typeOfGlass', 'frameMaterial', 'isRollerBlindHousing'] as const;

const noWindowDetails = { windowConstructionYear: null, typeOfGlass: null, frameMaterial: null, isRollerBlindHousing: null };
const windowsSchemaResolver: Resolver<StepFormValues<'windows'>, unknown, StepAnswers<'windows'>> = zodResolver(questionnaireSchemas.windows);

/**
 * With different windows the details are hidden but kept in the form, so switching back to 'Nein'
 * shows them again; hidden, they must not block saving, so they are judged as unanswered.
 */
const windowsResolver: Resolver<StepFormValues<'windows'>, unknown, StepAnswers<'windows'>> = (values, context, options) =>
  windowsSchemaResolver(values.isDifferentWindows === true ? { ...values, ...noWindowDetails } : values, context, options);

/** Each step's form validates with the schema the server applies to the PUT body. */
export const stepResolvers: { [S in QuestionnaireStep]: Resolver<StepFormValues<S>, unknown, StepAnswers<S>> } = {
  general: zodResolver(questionnaireSchemas.general),
  storeys: zodResolver(questionnaireSchemas.storeys),
  windows: windowsResolver,
  heating: zodResolver(questionnaireSchemas.heating),
};

/**
 * The step as a save body: every answer, unanswered questions as null, so an emptied answer is
 * cleared. Of it, a save sends what differs from the answers the step was loaded with (step-page).
 * With different windows only that answer is in it: the server keeps the stored details (a save
 * merges), so a client who says 'Ja' and later 'Nein' again finds them still there.
 */
export const saveBodyOf: { [S in QuestionnaireStep]: (answers: StepAnswers<S>) => StepSaveBody<S> } = {
  general: (answers) => answers,
  storeys: (answers) => answers,
  windows: (answers) => (answers.isDifferentWindows ? { isDifferentWindows: true } : answers),
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
