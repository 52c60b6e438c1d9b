import type { z } from 'zod';
import {
  choice,
  optionalConstructionYear,
  optionalKatastral,
  optionalNumber,
  answersObject,
  unknownList,
  confirmedList,
} from './rules';
import { unknownAllowedQuestions } from './catalogue';
import { confirmableQuestions } from './plausibility';
import { buildingUsages, buildingTypes, apartmentUnitsOptions, renovatedUnitsOptions, directions } from './answer-options';

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
  unknown: unknownList(unknownAllowedQuestions.general),
  confirmed: confirmedList(confirmableQuestions.general),
});
export type GeneralAnswers = z.output<typeof generalSchema>;
export type GeneralAnswersInput = z.input<typeof generalSchema>;
