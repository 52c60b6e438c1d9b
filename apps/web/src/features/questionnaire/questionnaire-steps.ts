import type { DefaultValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { questionnaireSchemas, questionnaireSteps, type QuestionnaireStep } from '@bauakte/domain';
import { questionnaireReturnPathFor } from '../auth/home-path';
import type { StepAnswers, StepFormValues, StoredAnswers } from './questionnaire-api';

/** The route of each step (spec section 2). */
export const stepPaths: Record<QuestionnaireStep, string> = {
  general: '/general',
  storeys: '/storeys',
  windows: '/windows',
  heating: '/heating',
};

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

/** Each step's form validates with the schema the server applies to the PUT body. */
export const stepResolvers: { [S in QuestionnaireStep]: Resolver<StepFormValues<S>, unknown, StepAnswers<S>> } = {
  general: zodResolver(questionnaireSchemas.general),
  storeys: zodResolver(questionnaireSchemas.storeys),
  windows: zodResolver(questionnaireSchemas.windows),
  heating: zodResolver(questionnaireSchemas.heating),
};

/** Stored answers as a form's starting values. */
export const formValuesOf: { [S in QuestionnaireStep]: (stored: StoredAnswers<S>) => DefaultValues<StepFormValues<S>> } = {
  general: (stored) => stored,
  storeys: (stored) => stored,
  // Never answered reads null, but the form must treat it as missing to ask for it ('Required').
  windows: (stored) => ({ ...stored, isDifferentWindows: stored.isDifferentWindows ?? undefined }),
  heating: (stored) => stored,
};
