import type { z } from 'zod';
import { choice, optionalYearText, answersObject, unknownList, confirmedList } from './rules';
import { unknownAllowedQuestions } from './catalogue';
import { confirmableQuestions } from './plausibility';
import { heatProducers, fuelTypes, hotWaterProductions, heatEmissions, temperatureRegulations } from './answer-options';

/** Body of PUT /api/heating/{projectId}. */
export const heatingSchema = answersObject({
  heatProducer: choice(heatProducers),
  fuelType: choice(fuelTypes),
  // Free text because owners often know only a decade or "around 1990"; a bare number is a year.
  constructionYearHeating: optionalYearText(),
  hotWaterProduction: choice(hotWaterProductions),
  heatEmission: choice(heatEmissions),
  temperatureRegulation: choice(temperatureRegulations),
  unknown: unknownList(unknownAllowedQuestions.heating),
  confirmed: confirmedList(confirmableQuestions.heating),
});
export type HeatingAnswers = z.output<typeof heatingSchema>;
export type HeatingAnswersInput = z.input<typeof heatingSchema>;
