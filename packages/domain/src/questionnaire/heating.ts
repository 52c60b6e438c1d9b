import type { z } from 'zod';
import { choice, optionalYearText, answersObject } from './rules';

/**
 * Spec section 3 lists the three boilers; the rest are appended (never inserted or renamed) because
 * an Austrian renovation often meets a heat pump or a district-heating substation, and stored
 * answers and exports keep the spec's values and meaning.
 */
export const heatProducers = [
  'STANDARD_BOILER',
  'LOW_TEMP_BOILER',
  'CONDENSING_BOILER',
  'HEAT_PUMP',
  'DISTRICT_HEAT_TRANSFER_STATION',
  'OTHER',
] as const;
export type HeatProducer = (typeof heatProducers)[number];

export const fuelTypes = ['GAS', 'OIL', 'WOOD', 'DISTRICT_HEAT', 'LOCAL_HEAT', 'HEAT_PUMP'] as const;
export type FuelType = (typeof fuelTypes)[number];

export const hotWaterProductions = [
  'CENTRALIZED_THROUGH_HEATING',
  'CENTRALIZED_DIRECTLY_HEATED_STORAGE',
  'DECENTRALIZED',
] as const;
export type HotWaterProduction = (typeof hotWaterProductions)[number];

export const heatEmissions = [
  'SMALL_AREA_HEAT_EMISSION',
  'FAN_COIL',
  'AREA_HEATING',
  'DECENTRALIZED_HEAT_PRODUCERS',
] as const;
export type HeatEmission = (typeof heatEmissions)[number];

export const temperatureRegulations = [
  'SINGLE_ROOM_VALVE',
  'NO_REGULATION',
  'RADIATOR_CONTROL_VALVE',
  'ROOM_THERMOSTAT_ZONE_TIME',
  'SINGLE_ROOM_PI',
  'SINGLE_ROOM_ELECTRONIC_OPTIMIZATION',
] as const;
export type TemperatureRegulation = (typeof temperatureRegulations)[number];

/** Body of PUT /api/heating/{projectId}. */
export const heatingSchema = answersObject({
  heatProducer: choice(heatProducers),
  fuelType: choice(fuelTypes),
  // Free text because owners often know only a decade or "around 1990"; a bare number is a year.
  constructionYearHeating: optionalYearText(),
  hotWaterProduction: choice(hotWaterProductions),
  heatEmission: choice(heatEmissions),
  temperatureRegulation: choice(temperatureRegulations),
});
export type HeatingAnswers = z.output<typeof heatingSchema>;
export type HeatingAnswersInput = z.input<typeof heatingSchema>;
