import { describe, expect, it } from 'vitest';
import { answerSheet, confirmedUnusualAnswers } from './answer-sheet';
import { questionnaireLimits } from './limits';
import { earliestBuildingYear, plausibilityChecks, unconfirmedValues, unusualValues, withStandingConfirmations } from './plausibility';
import { questionCatalogue } from './catalogue';

const building = (constructionYear: number) => ({ general: { constructionYear } });

describe('plausibility checks', () => {
  it("know the year rule's earliest building year", () => {
    expect(earliestBuildingYear).toBe(questionnaireLimits.constructionYearMin);
  });

  it('stand beside a question of their own step', () => {
    for (const check of plausibilityChecks) expect(questionCatalogue[check.field].step).toBe(check.step);
  });

  it('warn when the windows are older than the building, not when they are as old or younger or a year is missing', () => {
    expect(unusualValues({ ...building(1960), windows: { windowConstructionYear: 1950 } }, 'windows')).toEqual([
      { step: 'windows', field: 'windowConstructionYear', warning: 'Die Fenster sind älter als das Gebäude – stimmt das?' },
    ]);
    expect(unusualValues({ ...building(1960), windows: { windowConstructionYear: 1960 } }, 'windows')).toEqual([]);
    expect(unusualValues({ windows: { windowConstructionYear: 1900 } }, 'windows')).toEqual([]);
  });

  it('warn when the heating is older than the building, reading a bare year of the text answer but not an estimate', () => {
    expect(unusualValues({ ...building(1990), heating: { constructionYearHeating: '1985' } }, 'heating').map((value) => value.warning)).toEqual([
      'Die Heizung ist älter als das Gebäude – stimmt das?',
    ]);
    expect(unusualValues({ ...building(1990), heating: { constructionYearHeating: 'um 1985' } }, 'heating')).toEqual([]);
  });

  it('warn about a building from before 1800, which the year rule allows', () => {
    expect(unusualValues(building(1750), 'general').map((value) => value.field)).toEqual(['constructionYear']);
    expect(unusualValues(building(1800), 'general')).toEqual([]);
    // 1200 is refused by the year rule; its message says enough.
    expect(unusualValues(building(1200), 'general')).toEqual([]);
  });

  it('are settled by the confirmation, which lapses once the value is no longer unusual', () => {
    const windows = { windowConstructionYear: 1950, confirmed: ['windowConstructionYear'] };
    expect(unconfirmedValues({ ...building(1960), windows }, 'windows')).toEqual([]);
    expect(unconfirmedValues({ ...building(1960), windows: { windowConstructionYear: 1950 } }, 'windows')).toHaveLength(1);
    expect(withStandingConfirmations(building(1960), 'windows', windows)).toEqual(windows);
    expect(withStandingConfirmations(building(1940), 'windows', windows)).toEqual({ windowConstructionYear: 1950 });
  });

  it('mark the confirmed unusual answer for the architect', () => {
    const record = { general: { constructionYear: 1960 }, windows: { isDifferentWindows: false, windowConstructionYear: 1950, confirmed: ['windowConstructionYear'] } } as never;
    const row = answerSheet(record).find((step) => step.step === 'windows')?.rows.find((each) => each.key === 'windowConstructionYear');
    expect(row).toMatchObject({ answer: '1950', confirmedUnusual: true });
    expect(confirmedUnusualAnswers(record)).toEqual([{ step: 'windows', key: 'windowConstructionYear', question: 'Baujahr der Fenster', answer: '1950' }]);
  });
});
