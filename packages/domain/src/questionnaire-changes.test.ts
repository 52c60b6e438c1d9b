import { describe, expect, it } from 'vitest';
import { diffAnswers } from './questionnaire-changes';

describe('diffAnswers', () => {
  it('names every changed field by its dotted path with old and new value', () => {
    expect(
      diffAnswers(
        { roof: { roofType: 'FLACHDACH', isAtticHeated: false }, numberOfStoreys: '2', isRenovated: null },
        { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '2', isRenovated: true },
      ),
    ).toEqual({ 'roof.roofType': { from: 'FLACHDACH', to: 'SATTELDACH' }, isRenovated: { from: null, to: true } });
  });

  it('treats a never-saved step as all unanswered', () => {
    expect(diffAnswers(undefined, { buildingUsage: 'WOHNBAU', direction: null })).toEqual({ buildingUsage: { from: null, to: 'WOHNBAU' } });
  });

  it('reports nothing when nothing changed', () => {
    expect(diffAnswers({ a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'x' } })).toEqual({});
  });
});
