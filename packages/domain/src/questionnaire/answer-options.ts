/** The choices of the questionnaire's questions, by step: the values the API stores and the forms offer. */

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

export const roofTypes = ['FLACHDACH', 'PULTDACH', 'SATTELDACH', 'ZELTDACH'] as const;
export type RoofType = (typeof roofTypes)[number];

export const typesOfGlass = [
  'SIMPLE',
  'DOUBLE_ISOLATION',
  'DOUBLE_HEAT_PROTECTION',
  'TRIPLE_HEAT_PROTECTION',
] as const;
export type TypeOfGlass = (typeof typesOfGlass)[number];

export const frameMaterials = ['WOOD', 'PLASTIC', 'ALUMINIUM'] as const;
export type FrameMaterial = (typeof frameMaterials)[number];
