import { describe, expect, it } from 'vitest';
import { storeysSchema } from './storeys';
import { numberOfStoreysOptions } from './storey-counts';
import { invalidOption, issuesOf, messagesAt } from './test-helpers';
import { roofTypes } from './answer-options';

describe('storeysSchema', () => {
  it('parses the {} of a never-saved step, with the roof defaults filled in', () => {
    expect(storeysSchema.parse({})).toEqual({
      unknown: [],
      roof: { roofType: null, isAtticHeated: false },
      numberOfStoreys: null,
      isBasementHeated: null,
      isRenovated: null,
    });
  });

  it.each([undefined, null, {}, { isAtticHeated: null }, { isAtticHeated: undefined }])(
    'defaults isAtticHeated to false for roof %j',
    (roof) => {
      expect(storeysSchema.parse({ roof }).roof).toEqual({ roofType: null, isAtticHeated: false });
    },
  );

  it('keeps isAtticHeated true and every other answer, refusing unknown keys also in the roof', () => {
    const answers = {
      roof: { roofType: 'SATTELDACH', isAtticHeated: true },
      numberOfStoreys: '3',
      isBasementHeated: false,
      isRenovated: true,
      unknown: [],
    };
    const withExtras = { ...answers, roof: { ...answers.roof, colour: 'rot' }, attic: true };
    expect(storeysSchema.parse(answers)).toEqual(answers);
    expect(issuesOf(storeysSchema, withExtras)).toEqual([
      { path: 'roof', message: 'Unbekanntes Feld: colour' },
      { path: '', message: 'Unbekanntes Feld: attic' },
    ]);
  });

  it.each([...roofTypes])('accepts roof type %s', (roofType) => {
    expect(storeysSchema.parse({ roof: { roofType } }).roof.roofType).toBe(roofType);
  });

  it('refuses an unknown roof type', () => {
    expect(issuesOf(storeysSchema, { roof: { roofType: 'KUPPELDACH' } })).toEqual([
      { path: 'roof.roofType', message: invalidOption(roofTypes) },
    ]);
  });

  it('refuses a roof that is not an object', () => {
    expect(messagesAt(storeysSchema, { roof: 'FLACHDACH' }, 'roof')).toEqual(['Expected object, received string']);
  });

  it.each([...numberOfStoreysOptions])('accepts %s storeys', (count) => {
    expect(storeysSchema.parse({ numberOfStoreys: count }).numberOfStoreys).toBe(count);
  });

  it('accepts the bounds 1 and 20', () => {
    expect(messagesAt(storeysSchema, { numberOfStoreys: '1' }, 'numberOfStoreys')).toEqual([]);
    expect(messagesAt(storeysSchema, { numberOfStoreys: '20' }, 'numberOfStoreys')).toEqual([]);
  });

  it.each(['0', '21', '05', ' 5'])('refuses %j storeys', (count) => {
    expect(messagesAt(storeysSchema, { numberOfStoreys: count }, 'numberOfStoreys')).toEqual([
      invalidOption(numberOfStoreysOptions),
    ]);
  });

  it('refuses the count as a number, since the API sends it as a string', () => {
    expect(messagesAt(storeysSchema, { numberOfStoreys: 5 }, 'numberOfStoreys')).toEqual([
      'Expected string, received number',
    ]);
  });

  it.each(['isBasementHeated', 'isRenovated'])('%s is optional but must be a boolean', (field) => {
    expect(storeysSchema.parse({ [field]: false })).toMatchObject({ [field]: false });
    expect(messagesAt(storeysSchema, { [field]: 'true' }, field)).toEqual(['Expected boolean, received string']);
    expect(messagesAt(storeysSchema, { [field]: 1 }, field)).toEqual(['Expected boolean, received number']);
  });

  it('refuses a non-boolean attic flag', () => {
    expect(messagesAt(storeysSchema, { roof: { isAtticHeated: 'no' } }, 'roof.isAtticHeated')).toEqual([
      'Expected boolean, received string',
    ]);
  });
});
