import { describe, expect, it } from 'vitest';
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
import { numberOfStoreysOptions } from './storey-counts';
import { apartmentUnitsOptions, buildingTypes, buildingUsages, directions, renovatedUnitsOptions, fuelTypes, heatEmissions, heatProducers, hotWaterProductions, temperatureRegulations, roofTypes, frameMaterials, typesOfGlass } from './answer-options';

const enumerations: [string, readonly string[], Record<string, string>][] = [
  ['buildingUsage', buildingUsages, buildingUsageLabels],
  ['buildingtype', buildingTypes, buildingTypeLabels],
  ['apartmentUnits', apartmentUnitsOptions, apartmentUnitsLabels],
  ['renovatedUnits', renovatedUnitsOptions, renovatedUnitsLabels],
  ['direction', directions, directionLabels],
  ['roof.roofType', roofTypes, roofTypeLabels],
  ['numberOfStoreys', numberOfStoreysOptions, numberOfStoreysLabels],
  ['typeOfGlass', typesOfGlass, typeOfGlassLabels],
  ['frameMaterial', frameMaterials, frameMaterialLabels],
  ['heatProducer', heatProducers, heatProducerLabels],
  ['fuelType', fuelTypes, fuelTypeLabels],
  ['hotWaterProduction', hotWaterProductions, hotWaterProductionLabels],
  ['heatEmission', heatEmissions, heatEmissionLabels],
  ['temperatureRegulation', temperatureRegulations, temperatureRegulationLabels],
];

describe.each(enumerations)('%s labels', (_field, values, labels) => {
  it('labels every value and nothing else', () => {
    expect(Object.keys(labels).sort()).toEqual([...values].sort());
  });

  it.each([...values])('%s has a non-blank label', (value) => {
    expect(labels[value]?.trim()).toBeTruthy();
  });
});

describe('labels the spec prescribes', () => {
  it('shows the wood fuel as Pellets', () => {
    expect(fuelTypeLabels.WOOD).toBe('Pellets');
  });

  it("tells double and triple heat-protection glazing apart (the spec's double label for both is a slip)", () => {
    expect(typeOfGlassLabels.DOUBLE_HEAT_PROTECTION).toBe('Zweifach-Wärmeschutzverglasung');
    expect(typeOfGlassLabels.TRIPLE_HEAT_PROTECTION).toBe('Dreifach-Wärmeschutzverglasung');
  });

  it('names radiators, floor heating and stoves for the heat emission', () => {
    expect(heatEmissionLabels).toMatchObject({
      SMALL_AREA_HEAT_EMISSION: 'Heizkörper',
      AREA_HEATING: 'Fußbodenheizung',
      DECENTRALIZED_HEAT_PRODUCERS: 'Kachel- oder Holzofen',
    });
  });
});

describe('heat producers', () => {
  it("keeps the spec's boilers first and unchanged, then offers heat pump, district-heating substation and other", () => {
    expect(heatProducers.map((value) => [value, heatProducerLabels[value]])).toEqual([
      ['STANDARD_BOILER', 'Standardkessel'],
      ['LOW_TEMP_BOILER', 'Niedertemperaturkessel'],
      ['CONDENSING_BOILER', 'Brennwertkessel'],
      ['HEAT_PUMP', 'Wärmepumpe'],
      ['DISTRICT_HEAT_TRANSFER_STATION', 'Fernwärme-Übergabestation'],
      ['OTHER', 'Sonstiges'],
    ]);
  });
});

describe('option order', () => {
  it('lists the storey counts 1 to 20 as strings, in order', () => {
    expect(numberOfStoreysOptions).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1)));
    expect(numberOfStoreysLabels['20']).toBe('20');
  });

  it('lists ALL first, then AMOUNT_1 to AMOUNT_20 in order', () => {
    expect(renovatedUnitsOptions).toEqual(['ALL', ...Array.from({ length: 20 }, (_, index) => `AMOUNT_${index + 1}`)]);
    expect(renovatedUnitsLabels.ALL).toBe('Alle');
    expect(renovatedUnitsLabels.AMOUNT_5).toBe('5');
  });

  it('uses German compass names', () => {
    expect(directions.map((direction) => directionLabels[direction])).toEqual([
      'Nord',
      'Nordwest',
      'Nordost',
      'Süd',
      'Südost',
      'Südwest',
      'Ost',
      'West',
    ]);
  });
});
