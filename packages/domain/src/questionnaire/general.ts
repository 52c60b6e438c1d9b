import type { z } from 'zod';
import {
  choice,
  optionalConstructionYear,
  optionalKatastral,
  optionalNumber,
  answersObject,
} from './rules';

export const buildingUsages = ['WOHNBAU', 'NICHTWOHNBAU'] as const;
export type BuildingUsage = (typeof buildingUsages)[number];

export const buildingTypes = ['FREISTEHEND', 'ECKHAUS', 'MITTELHAUS'] as const;
export type BuildingType = (typeof buildingTypes)[number];

export const apartmentUnitsOptions = ['UNITS_1_2', 'UNITS_3_9', 'UNITS_10_plus'] as const;
export type ApartmentUnits = (typeof apartmentUnitsOptions)[number];

export const renovatedUnitsOptions = [
  'ALL',
  'AMOUNT_1',
  'AMOUNT_2',
  'AMOUNT_3',
  'AMOUNT_4',
  'AMOUNT_5',
  'AMOUNT_6',
  'AMOUNT_7',
  'AMOUNT_8',
  'AMOUNT_9',
  'AMOUNT_10',
  'AMOUNT_11',
  'AMOUNT_12',
  'AMOUNT_13',
  'AMOUNT_14',
  'AMOUNT_15',
  'AMOUNT_16',
  'AMOUNT_17',
  'AMOUNT_18',
  'AMOUNT_19',
  'AMOUNT_20',
] as const;
export type RenovatedUnits = (typeof renovatedUnitsOptions)[number];

/** Orientation of the main facade; O (Ost) and SO/NO are the German compass letters. */
export const directions = ['N', 'NW', 'NO', 'S', 'SO', 'SW', 'O', 'W'] as const;
export type Direction = (typeof directions)[number];

/** Body of PUT /api/general/{projectId}; `buildingtype` keeps the API's lowercase "t". */
export const generalSchema = answersObject({
  buildingUsage: choice(buildingUsages),
  buildingtype: choice(buildingTypes),
  apartmentUnits: choice(apartmentUnitsOptions),
  renovatedUnits: choice(renovatedUnitsOptions),
  direction: choice(directions),
  constructionYear: optionalConstructionYear(),
  // In the data schema but on no form (spec section 3); kept so exports and imports do not lose them.
  sealevel: optionalNumber(),
  katastral: optionalKatastral(),
});
export type GeneralAnswers = z.output<typeof generalSchema>;
export type GeneralAnswersInput = z.input<typeof generalSchema>;
