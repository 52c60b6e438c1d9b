import {
  apartmentUnitsLabels,
  buildingTypeLabels,
  buildingUsageLabels,
  directionLabels,
  frameMaterialLabels,
  fuelTypeLabels,
  heatEmissionLabels,
  heatProducerLabels,
  hotWaterProductionLabels,
  numberOfStoreysLabels,
  renovatedUnitsLabels,
  roofTypeLabels,
  temperatureRegulationLabels,
  typeOfGlassLabels,
} from './labels';
import type { QuestionnaireRecord } from './progress';
import { questionnaireSteps, type QuestionnaireStep } from './steps';
import { questionLabels, questionnaireStepTitles, type QuestionKey } from './question-labels';
import { plainNumberText } from '../number-text';
import { hiddenQuestions } from './conditions';
import { questionValue, unknownAnswers } from './catalogue';
import { confirmedAnswers, unusualValues } from './plausibility';


/** In the data but on no form (spec section 3), and the lists of unknown and confirmed answers: named only where a stored value shows up. */
const dataOnlyLabels: Record<string, string> = {
  sealevel: 'Seehöhe',
  katastral: 'Katastralgemeinde (KG-Nr.)',
  unknown: 'Weiß ich nicht',
  confirmed: 'Bestätigte ungewöhnliche Werte',
};

export const answerTexts = {
  yes: 'Ja',
  no: 'Nein',
  unanswered: 'Nicht beantwortet',
  /** The client answered 'Weiß ich nicht'. */
  unknown: 'unbekannt',
  /** Beside an unusual value the client confirmed ('Ja, stimmt so'). */
  confirmedUnusual: 'Vom Kunden bestätigt: ungewöhnlicher Wert',
  /** With different windows the architect collects the details (spec section 2). */
  byArchitect: 'Erhebt die Architektin bzw. der Architekt',
} as const;

/** Which questions each step asks, in the forms' order. */
export const stepQuestions: Record<QuestionnaireStep, readonly QuestionKey[]> = {
  general: ['buildingUsage', 'buildingtype', 'apartmentUnits', 'renovatedUnits', 'direction', 'constructionYear'],
  storeys: ['roofType', 'isAtticHeated', 'numberOfStoreys', 'isBasementHeated', 'isRenovated'],
  windows: ['isDifferentWindows', 'windowConstructionYear', 'typeOfGlass', 'frameMaterial', 'isRollerBlindHousing'],
  heating: ['heatProducer', 'fuelType', 'constructionYearHeating', 'hotWaterProduction', 'heatEmission', 'temperatureRegulation'],
};

const choiceLabels: Partial<Record<QuestionKey, Record<string, string>>> = {
  buildingUsage: buildingUsageLabels,
  buildingtype: buildingTypeLabels,
  apartmentUnits: apartmentUnitsLabels,
  renovatedUnits: renovatedUnitsLabels,
  direction: directionLabels,
  roofType: roofTypeLabels,
  numberOfStoreys: numberOfStoreysLabels,
  typeOfGlass: typeOfGlassLabels,
  frameMaterial: frameMaterialLabels,
  heatProducer: heatProducerLabels,
  fuelType: fuelTypeLabels,
  hotWaterProduction: hotWaterProductionLabels,
  heatEmission: heatEmissionLabels,
  temperatureRegulation: temperatureRegulationLabels,
};

/** The German label of a question or a stored field, by its key or dotted path ('roof.roofType'). */
export function fieldLabel(path: string): string {
  const key = path.slice(path.lastIndexOf('.') + 1);
  return (questionLabels as Record<string, string>)[key] ?? dataOnlyLabels[key] ?? key;
}

/** An answer as the forms show it ('Satteldach', 'Ja', '1978'); null when nothing was answered. */
export function formatAnswer(path: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  // A list of questions ('Weiß ich nicht'): named by their labels.
  if (Array.isArray(value)) return value.length === 0 ? null : value.map((key) => fieldLabel(String(key))).join(', ');
  if (typeof value === 'boolean') return value ? answerTexts.yes : answerTexts.no;
  // Years and counts are written without a thousands separator, as on the forms; decimals with a comma.
  if (typeof value === 'number') return Number.isFinite(value) ? plainNumberText(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const key = path.slice(path.lastIndexOf('.') + 1) as QuestionKey;
  return choiceLabels[key]?.[value] ?? value;
}

export interface AnswerRow {
  key: QuestionKey;
  question: string;
  /** null: not answered. */
  answer: string | null;
  /** Not asked, as the step's other answers hide it (conditions.ts): its answer is null, whatever was stored. */
  notNeeded: boolean;
  /** The client answered 'Weiß ich nicht'; the answer reads 'unbekannt'. */
  unknown: boolean;
  /** An unusual value (plausibility.ts) the client confirmed: the architect sees it marked. */
  confirmedUnusual: boolean;
}

export interface AnswerSheetStep {
  step: QuestionnaireStep;
  title: string;
  rows: AnswerRow[];
}

/** Every question of the four steps with its German label and answer, unanswered ones marked. */
export function answerSheet(record: QuestionnaireRecord): AnswerSheetStep[] {
  const unusual = unusualValues(record);
  return questionnaireSteps.map((step) => {
    const answers = record[step];
    const confirmed = confirmedAnswers(answers).filter((key) => unusual.some((value) => value.step === step && value.field === key));
    const hidden = hiddenQuestions(step, answers);
    const unknownKeys = unknownAnswers(answers);
    return {
      step,
      title: questionnaireStepTitles[step],
      rows: stepQuestions[step].map((key) => {
        // A hidden question's answer, even one saved before it was hidden, is never shown.
        const notNeeded = hidden.includes(key);
        const value = notNeeded ? null : formatAnswer(key, questionValue(answers, key));
        const unknown = !notNeeded && value === null && unknownKeys.includes(key);
        const confirmedUnusual = value !== null && confirmed.includes(key);
        return { key, question: questionLabels[key], answer: unknown ? answerTexts.unknown : value, notNeeded, unknown, confirmedUnusual };
      }),
    };
  });
}

export interface OpenStep {
  step: QuestionnaireStep;
  title: string;
  /** The questions of the step the client has still to answer, in the form's order. */
  questions: { key: QuestionKey; question: string }[];
}

/** The steps with questions still open for the client, read off the answer sheet; answered steps are left out. */
export function openQuestions(record: QuestionnaireRecord): OpenStep[] {
  return answerSheet(record)
    .map(({ step, title, rows }) => ({
      step,
      title,
      questions: rows.filter((row) => row.answer === null && !row.notNeeded).map(({ key, question }) => ({ key, question })),
    }))
    .filter((step) => step.questions.length > 0);
}

/** The questions the client answered 'Weiß ich nicht', over all steps in the forms' order: what the architect still has to find out. */
export function unknownQuestions(record: QuestionnaireRecord): { step: QuestionnaireStep; key: QuestionKey; question: string }[] {
  return answerSheet(record).flatMap(({ step, rows }) => rows.filter((row) => row.unknown).map(({ key, question }) => ({ step, key, question })));
}

/** The unusual answers the client confirmed, over all steps in the forms' order, with the answer given. */
export function confirmedUnusualAnswers(record: QuestionnaireRecord): { step: QuestionnaireStep; key: QuestionKey; question: string; answer: string }[] {
  return answerSheet(record).flatMap(({ step, rows }) =>
    rows.filter((row) => row.confirmedUnusual).map(({ key, question, answer }) => ({ step, key, question, answer: answer ?? '' })),
  );
}

/** Where a client picks up the questionnaire: the first step with an open question, else the first step. */
export function firstOpenStep(record: QuestionnaireRecord): QuestionnaireStep {
  return openQuestions(record)[0]?.step ?? questionnaireSteps[0];
}
