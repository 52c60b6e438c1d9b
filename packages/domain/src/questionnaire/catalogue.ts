import type { QuestionKey } from './question-labels';
import type { QuestionnaireStep } from './steps';

// No imports of values: the forms, the schemas and the answer sheet all read this table.

interface QuestionEntry {
  step: QuestionnaireStep;
  /**
   * A layperson may not know the answer (how old the windows are, what glazing they have), so the
   * form offers 'Weiß ich nicht' beside it and the choice counts as answered. Facts the owner knows
   * (how the building is used, how many storeys it has) offer no such way out.
   */
  unknownAllowed: boolean;
  /**
   * A photo says more than the owner can type (the heat producer's nameplate, a window's frame and
   * glass, the roof, the facade): the form offers 'Foto hinzufügen' beside the question, and the
   * architect sees the photos with the answer.
   */
  photo: boolean;
}

/** The questionnaire's questions, one row each: the one place that says what each question allows. */
export const questionCatalogue: Readonly<Record<QuestionKey, QuestionEntry>> = {
  buildingUsage: { step: 'general', unknownAllowed: false, photo: false },
  buildingtype: { step: 'general', unknownAllowed: false, photo: false },
  apartmentUnits: { step: 'general', unknownAllowed: false, photo: false },
  renovatedUnits: { step: 'general', unknownAllowed: false, photo: false },
  direction: { step: 'general', unknownAllowed: true, photo: true },
  constructionYear: { step: 'general', unknownAllowed: true, photo: true },
  roofType: { step: 'storeys', unknownAllowed: true, photo: true },
  isAtticHeated: { step: 'storeys', unknownAllowed: false, photo: false },
  numberOfStoreys: { step: 'storeys', unknownAllowed: false, photo: false },
  isBasementHeated: { step: 'storeys', unknownAllowed: false, photo: false },
  isRenovated: { step: 'storeys', unknownAllowed: true, photo: false },
  isDifferentWindows: { step: 'windows', unknownAllowed: false, photo: false },
  windowConstructionYear: { step: 'windows', unknownAllowed: true, photo: true },
  typeOfGlass: { step: 'windows', unknownAllowed: true, photo: true },
  frameMaterial: { step: 'windows', unknownAllowed: true, photo: true },
  isRollerBlindHousing: { step: 'windows', unknownAllowed: true, photo: false },
  heatProducer: { step: 'heating', unknownAllowed: true, photo: true },
  fuelType: { step: 'heating', unknownAllowed: false, photo: false },
  constructionYearHeating: { step: 'heating', unknownAllowed: true, photo: true },
  hotWaterProduction: { step: 'heating', unknownAllowed: true, photo: true },
  heatEmission: { step: 'heating', unknownAllowed: true, photo: true },
  temperatureRegulation: { step: 'heating', unknownAllowed: true, photo: true },
};

/** The questions of each step that offer 'Weiß ich nicht', in the catalogue's order. */
export const unknownAllowedQuestions = {
  general: ['direction', 'constructionYear'],
  storeys: ['roofType', 'isRenovated'],
  windows: ['windowConstructionYear', 'typeOfGlass', 'frameMaterial', 'isRollerBlindHousing'],
  heating: ['heatProducer', 'constructionYearHeating', 'hotWaterProduction', 'heatEmission', 'temperatureRegulation'],
} as const satisfies Record<QuestionnaireStep, readonly QuestionKey[]>;

/** How many photos one question holds: enough to show a thing from a few sides, not an album. */
export const questionPhotoLimit = 5;

/** Whether the form offers 'Foto hinzufügen' beside the question. */
export function offersPhoto(key: string): key is QuestionKey {
  return key in questionCatalogue && questionCatalogue[key as QuestionKey].photo;
}

export function isUnknownAllowed(key: QuestionKey): boolean {
  return questionCatalogue[key].unknownAllowed;
}

const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);

/** The questions a step's stored answers mark 'Weiß ich nicht'; older records without the list mark none. */
export function unknownAnswers(answers: unknown): readonly QuestionKey[] {
  if (typeof answers !== 'object' || answers === null) return [];
  const listed = (answers as { unknown?: unknown }).unknown;
  return isList(listed) ? listed.filter((key): key is QuestionKey => typeof key === 'string' && key in questionCatalogue) : [];
}

/** Questions stored inside the roof object rather than at the step's top level. */
const roofQuestions: readonly QuestionKey[] = ['roofType', 'isAtticHeated'];

/** A question's stored value in its step's answers (the roof's inside the roof), undefined when missing. */
export function questionValue(answers: unknown, key: QuestionKey): unknown {
  if (typeof answers !== 'object' || answers === null) return undefined;
  const record = answers as Record<string, unknown>;
  if (!roofQuestions.includes(key)) return record[key];
  const roof = record.roof;
  return typeof roof === 'object' && roof !== null ? (roof as Record<string, unknown>)[key] : undefined;
}

/** An answer a person gave: false is one ("Nein"); blank text is none, since nothing was written. */
export function hasValue(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  return false;
}
