import {
  apartmentUnitsLabels, buildingTypeLabels, buildingUsageLabels, directionLabels, frameMaterialLabels, fuelTypeLabels, heatEmissionLabels,
  heatProducerLabels, hotWaterProductionLabels, renovatedUnitsLabels, roofTypeLabels, temperatureRegulationLabels, typeOfGlassLabels,
} from '@bauakte/domain';
import { de } from '../../i18n/de';
import { dateTimeText } from '../../lib/date-time';

/** German labels of the answers that are choices, by the field's last path segment. */
const choiceLabels: Record<string, Readonly<Record<string, string>>> = {
  buildingUsage: buildingUsageLabels,
  buildingtype: buildingTypeLabels,
  apartmentUnits: apartmentUnitsLabels,
  renovatedUnits: renovatedUnitsLabels,
  direction: directionLabels,
  roofType: roofTypeLabels,
  typeOfGlass: typeOfGlassLabels,
  frameMaterial: frameMaterialLabels,
  heatProducer: heatProducerLabels,
  fuelType: fuelTypeLabels,
  hotWaterProduction: hotWaterProductionLabels,
  heatEmission: heatEmissionLabels,
  temperatureRegulation: temperatureRegulationLabels,
};

const fieldName = (path: string) => path.split('.').at(-1) ?? path;

/** The question a changed field belongs to, e.g. 'roof.roofType' → 'Dachform'. */
export function changedFieldLabel(path: string): string {
  const questions: Record<string, string> = de.questionnaire.questions;
  return questions[fieldName(path)] ?? de.projectOverview.otherField(path);
}

/** An answer as a person reads it: choices by their German label, yes/no, '–' for no answer. */
export function answerText(path: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return de.projectOverview.noAnswer;
  if (typeof value === 'boolean') return value ? de.questionnaire.yes : de.questionnaire.no;
  if (typeof value === 'number') return new Intl.NumberFormat('de-AT', { useGrouping: false }).format(value);
  if (typeof value === 'string') return choiceLabels[fieldName(path)]?.[value] ?? value;
  return JSON.stringify(value);
}

/** When a change was saved, in Austrian date and time. */
export const changedAtText = dateTimeText;
