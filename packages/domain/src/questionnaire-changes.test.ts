import { describe, expect, it } from 'vitest';
import { changedAnswers, diffAnswers, samePathOrNested } from './questionnaire-changes';

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

describe('changedAnswers', () => {
  it('keeps only the answers that differ from where the form started, nested ones by their changed fields', () => {
    const before = { roof: { roofType: 'FLACHDACH', isAtticHeated: false }, numberOfStoreys: '2', isRenovated: null };
    const body = { roof: { roofType: 'FLACHDACH', isAtticHeated: true }, numberOfStoreys: null, isRenovated: null };
    expect(changedAnswers(before, body)).toEqual({ roof: { isAtticHeated: true }, numberOfStoreys: null });
  });

  it('leaves out answers the body does not carry (the window details while the windows differ)', () => {
    expect(changedAnswers({ isDifferentWindows: false, frameMaterial: 'WOOD' }, { isDifferentWindows: true })).toEqual({ isDifferentWindows: true });
  });
});

describe('samePathOrNested', () => {
  it('matches an answer with itself and a nested answer with its whole, not with a sibling', () => {
    expect(samePathOrNested('roof.roofType', 'roof.roofType')).toBe(true);
    expect(samePathOrNested('roof', 'roof.roofType')).toBe(true);
    expect(samePathOrNested('roof.isAtticHeated', 'roof.roofType')).toBe(false);
    expect(samePathOrNested('constructionYear', 'constructionYearHeating')).toBe(false);
  });
});
