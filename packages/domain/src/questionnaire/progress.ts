import type { GeneralAnswers } from './general';
import type { HeatingAnswers } from './heating';
import type { StoreysAnswers } from './storeys';
import type { WindowsAnswers, WindowsResponse } from './windows';
import { hasValue, unknownAnswers } from './catalogue';
import { hiddenQuestions, withoutHiddenAnswers } from './conditions';
import type { QuestionKey } from './question-labels';
import { questionnaireSteps, type QuestionnaireStep } from './steps';

/**
 * A step's answers as stored: a save leaves out empty lists of 'Weiß ich nicht' and of confirmed
 * unusual values, and saves from before they existed hold none.
 */
type Lists = { unknown: unknown; confirmed?: unknown };
type Stored<T extends Lists> = Omit<T, keyof Lists> & { unknown?: T['unknown']; confirmed?: T['confirmed'] };

/** The stored answers of one project; a step never saved is missing or null. */
export type QuestionnaireRecord = {
  general?: Stored<GeneralAnswers> | null;
  storeys?: Stored<StoreysAnswers> | null;
  // Stored windows answers may come from the lenient GET reading, where isDifferentWindows can be null.
  windows?: Stored<WindowsAnswers> | Stored<WindowsResponse> | null;
  heating?: Stored<HeatingAnswers> | null;
};

type StepAnswers = { [S in QuestionnaireStep]: NonNullable<QuestionnaireRecord[S]> };
type Question<S extends QuestionnaireStep> = readonly [QuestionKey, (answers: StepAnswers[S]) => unknown];

// sealevel and katastral are on no form, so the client cannot answer them and they do not count.
const questions: { [S in QuestionnaireStep]: readonly Question<S>[] } = {
  general: [
    ['buildingUsage', (a) => a.buildingUsage],
    ['buildingtype', (a) => a.buildingtype],
    ['apartmentUnits', (a) => a.apartmentUnits],
    ['renovatedUnits', (a) => a.renovatedUnits],
    ['direction', (a) => a.direction],
    ['constructionYear', (a) => a.constructionYear],
  ],
  storeys: [
    // A record stored without parsing may lack the roof; that must count as unanswered, not throw.
    ['roofType', (a) => a.roof?.roofType],
    ['isAtticHeated', (a) => a.roof?.isAtticHeated],
    ['numberOfStoreys', (a) => a.numberOfStoreys],
    ['isBasementHeated', (a) => a.isBasementHeated],
    ['isRenovated', (a) => a.isRenovated],
  ],
  windows: [
    ['isDifferentWindows', (a) => a.isDifferentWindows],
    ['windowConstructionYear', (a) => a.windowConstructionYear],
    ['typeOfGlass', (a) => a.typeOfGlass],
    ['frameMaterial', (a) => a.frameMaterial],
    ['isRollerBlindHousing', (a) => a.isRollerBlindHousing],
  ],
  heating: [
    ['heatProducer', (a) => a.heatProducer],
    ['fuelType', (a) => a.fuelType],
    ['constructionYearHeating', (a) => a.constructionYearHeating],
    ['hotWaterProduction', (a) => a.hotWaterProduction],
    ['heatEmission', (a) => a.heatEmission],
    ['temperatureRegulation', (a) => a.temperatureRegulation],
  ],
};

/** Every question of a step, whatever the answers; fewer may apply (see conditions.ts). */
export const questionCountPerStep: Readonly<Record<QuestionnaireStep, number>> = {
  general: questions.general.length,
  storeys: questions.storeys.length,
  windows: questions.windows.length,
  heating: questions.heating.length,
};

export const totalQuestionCount = questionnaireSteps.reduce((sum, step) => sum + questionCountPerStep[step], 0);

/** The questions of a step its answers ask: a question the answers hide is neither open nor answered. */
function applying<S extends QuestionnaireStep>(step: S, answers: StepAnswers[S] | null | undefined): readonly Question<S>[] {
  const hidden = hiddenQuestions(step, answers);
  return questions[step].filter(([key]) => !hidden.includes(key));
}

function answeredInStep<S extends QuestionnaireStep>(record: QuestionnaireRecord, step: S): number {
  const answers = record[step] as StepAnswers[S] | null | undefined;
  if (!answers) return 0;
  // 'Weiß ich nicht' is an answer too: the client has said all they can.
  const unknown = unknownAnswers(answers);
  return applying(step, answers).filter(([key, question]) => hasValue(question(answers)) || unknown.includes(key)).length;
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

/** How many questions the record's answers ask: all 22, less those the answers hide. */
export function applicableQuestions(record: QuestionnaireRecord): number {
  return questionnaireSteps.reduce((sum, step) => sum + applying(step, record[step] as StepAnswers[typeof step] | null | undefined).length, 0);
}

/** Share of the questions that apply which are answered, as a whole percentage 0–100. */
export function computeProgress(record: QuestionnaireRecord): number {
  return Math.round((answeredQuestions(record) / applicableQuestions(record)) * 100);
}

/** Every step of a record without its hidden answers: what an export may show, also of older saves. */
export function visibleRecord(record: QuestionnaireRecord): QuestionnaireRecord {
  return {
    general: withoutHiddenAnswers('general', record.general ?? null),
    storeys: withoutHiddenAnswers('storeys', record.storeys ?? null),
    windows: withoutHiddenAnswers('windows', record.windows ?? null),
    heating: withoutHiddenAnswers('heating', record.heating ?? null),
  };
}
