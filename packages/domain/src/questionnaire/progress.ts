import type { GeneralAnswers } from './general';
import type { HeatingAnswers } from './heating';
import type { StoreysAnswers } from './storeys';
import type { WindowsAnswers, WindowsResponse } from './windows';

export const questionnaireSteps = ['general', 'storeys', 'windows', 'heating'] as const;
export type QuestionnaireStep = (typeof questionnaireSteps)[number];

/** The stored answers of one project; a step never saved is missing or null. */
export type QuestionnaireRecord = {
  general?: GeneralAnswers | null;
  storeys?: StoreysAnswers | null;
  // Stored windows answers may come from the lenient GET reading, where isDifferentWindows can be null.
  windows?: WindowsAnswers | WindowsResponse | null;
  heating?: HeatingAnswers | null;
};

type StepAnswers = { [S in QuestionnaireStep]: NonNullable<QuestionnaireRecord[S]> };
type Question<S extends QuestionnaireStep> = (answers: StepAnswers[S]) => unknown;

// sealevel and katastral are on no form, so the client cannot answer them and they do not count.
const questions: { [S in QuestionnaireStep]: readonly Question<S>[] } = {
  general: [
    (a) => a.buildingUsage,
    (a) => a.buildingtype,
    (a) => a.apartmentUnits,
    (a) => a.renovatedUnits,
    (a) => a.direction,
    (a) => a.constructionYear,
  ],
  storeys: [
    // A record stored without parsing may lack the roof; that must count as unanswered, not throw.
    (a) => a.roof?.roofType,
    (a) => a.roof?.isAtticHeated,
    (a) => a.numberOfStoreys,
    (a) => a.isBasementHeated,
    (a) => a.isRenovated,
  ],
  windows: [
    (a) => a.isDifferentWindows,
    (a) => a.windowConstructionYear,
    (a) => a.typeOfGlass,
    (a) => a.frameMaterial,
    (a) => a.isRollerBlindHousing,
  ],
  heating: [
    (a) => a.heatProducer,
    (a) => a.fuelType,
    (a) => a.constructionYearHeating,
    (a) => a.hotWaterProduction,
    (a) => a.heatEmission,
    (a) => a.temperatureRegulation,
  ],
};

export const questionCountPerStep: Readonly<Record<QuestionnaireStep, number>> = {
  general: questions.general.length,
  storeys: questions.storeys.length,
  windows: questions.windows.length,
  heating: questions.heating.length,
};

export const totalQuestionCount = questionnaireSteps.reduce((sum, step) => sum + questionCountPerStep[step], 0);

/** false is an answer ("no"); blank text is not, because nothing was written. */
function isAnswered(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  return false;
}

function countAnswered<S extends QuestionnaireStep>(step: S, answers: StepAnswers[S]): number {
  return questions[step].filter((question) => isAnswered(question(answers))).length;
}

function answeredInStep(record: QuestionnaireRecord, step: QuestionnaireStep): number {
  switch (step) {
    case 'general':
      return record.general ? countAnswered('general', record.general) : 0;
    case 'storeys':
      return record.storeys ? countAnswered('storeys', record.storeys) : 0;
    case 'windows':
      if (!record.windows) return 0;
      // With different windows the architect collects the details, so the client has nothing left to answer.
      if (record.windows.isDifferentWindows === true) return questionCountPerStep.windows;
      return countAnswered('windows', record.windows);
    case 'heating':
      return record.heating ? countAnswered('heating', record.heating) : 0;
  }
}

export function answeredQuestionsPerStep(record: QuestionnaireRecord): Record<QuestionnaireStep, number> {
  return {
    general: answeredInStep(record, 'general'),
    storeys: answeredInStep(record, 'storeys'),
    windows: answeredInStep(record, 'windows'),
    heating: answeredInStep(record, 'heating'),
  };
}

export function answeredQuestions(record: QuestionnaireRecord): number {
  return questionnaireSteps.reduce((sum, step) => sum + answeredInStep(record, step), 0);
}

/** Share of the 22 questionnaire questions answered, as a whole percentage 0–100. */
export function computeProgress(record: QuestionnaireRecord): number {
  return Math.round((answeredQuestions(record) / totalQuestionCount) * 100);
}
