import { describe, expect, it } from 'vitest';
import { questionnairePatchSchemas } from './merge';
import { mergeStepAnswers } from './merge-answers';
import { storeysSchema } from './storeys';

describe('partial step saves', () => {
  it('changes only what is sent; null clears an answer', () => {
    const stored = { buildingUsage: 'WOHNBAU', buildingtype: 'ECKHAUS', constructionYear: 1965 };
    const patch = questionnairePatchSchemas.general.parse({ buildingtype: 'MITTELHAUS', constructionYear: null });
    expect(patch).toEqual({ buildingtype: 'MITTELHAUS', constructionYear: null });
    expect(mergeStepAnswers(stored, patch)).toEqual({ buildingUsage: 'WOHNBAU', buildingtype: 'MITTELHAUS', constructionYear: null });
  });

  it('merges the roof field by field', () => {
    const stored = storeysSchema.parse({ roof: { roofType: 'FLACHDACH', isAtticHeated: true }, numberOfStoreys: '2' });
    const patch = questionnairePatchSchemas.storeys.parse({ roof: { roofType: 'SATTELDACH' } });
    expect(storeysSchema.parse(mergeStepAnswers(stored, patch)).roof).toEqual({ roofType: 'SATTELDACH', isAtticHeated: true });
  });

  it('refuses a misspelt field instead of saving nothing over everything', () => {
    expect(questionnairePatchSchemas.general.safeParse({ buildingType: 'ECKHAUS' }).success).toBe(false);
    expect(questionnairePatchSchemas.storeys.safeParse({ roof: { colour: 'rot' } }).success).toBe(false);
  });

  it('starts from nothing when the step was never saved', () => {
    expect(mergeStepAnswers(undefined, { fuelType: 'GAS' })).toEqual({ fuelType: 'GAS' });
  });
});
