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


/** In the data but on no form (spec section 3): named only where a stored value shows up. */
const dataOnlyLabels: Record<string, string> = { sealevel: 'Seehöhe', katastral: 'Katastralgemeinde (KG-Nr.)' };

export const answerTexts = {
  yes: 'Ja',
  no: 'Nein',
  unanswered: 'Nicht beantwortet',
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
}

export interface AnswerSheetStep {
  step: QuestionnaireStep;
  title: string;
  rows: AnswerRow[];
}

function storedValue(record: QuestionnaireRecord, step: QuestionnaireStep, key: QuestionKey): unknown {
  const answers = record[step] as Record<string, unknown> | null | undefined;
  if (!answers) return null;
  if (key === 'roofType' || key === 'isAtticHeated') return (answers.roof as Record<string, unknown> | null | undefined)?.[key];
  return answers[key];
}

/** Every question of the four steps with its German label and answer, unanswered ones marked. */
export function answerSheet(record: QuestionnaireRecord): AnswerSheetStep[] {
  return questionnaireSteps.map((step) => {
    const hidden = hiddenQuestions(step, record[step]);
    return {
      step,
      title: questionnaireStepTitles[step],
      rows: stepQuestions[step].map((key) => {
        // A hidden question's answer, even one saved before it was hidden, is never shown.
        const notNeeded = hidden.includes(key);
        const answer = notNeeded ? null : formatAnswer(key, storedValue(record, step, key));
        return { key, question: questionLabels[key], answer, notNeeded };
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

/** Where a client picks up the questionnaire: the first step with an open question, else the first step. */
export function firstOpenStep(record: QuestionnaireRecord): QuestionnaireStep {
  return openQuestions(record)[0]?.step ?? questionnaireSteps[0];
}
