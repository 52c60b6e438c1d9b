import { describe, expect, it } from 'vitest';
import { answerSheet, fieldLabel, formatAnswer, openQuestions, unknownQuestions } from './answer-sheet';
import { questionCatalogue, unknownAllowedQuestions } from './catalogue';
import { settledAnswers } from './conditions';
import { generalSchema } from './general';
import { answeredQuestionsPerStep, computeProgress } from './progress';
import { questionLabels, type QuestionKey } from './question-labels';
import { questionnaireSteps } from './steps';
import { storeysSchema } from './storeys';
import { messagesAt } from './test-helpers';
import { windowsSchema } from './windows';

describe("the question catalogue's 'Weiß ich nicht'", () => {
  it('names every question once, and the per-step lists agree with its flags', () => {
    expect(Object.keys(questionCatalogue).sort()).toEqual(Object.keys(questionLabels).sort());
    for (const step of questionnaireSteps) {
      const flagged = Object.entries(questionCatalogue).filter(([, entry]) => entry.step === step && entry.unknownAllowed).map(([key]) => key);
      expect([...unknownAllowedQuestions[step]].sort()).toEqual(flagged.sort());
    }
  });

  it('is offered for what a layperson may not know, never for facts the owner knows', () => {
    const allowed = (key: QuestionKey) => questionCatalogue[key].unknownAllowed;
    for (const key of ['constructionYear', 'typeOfGlass', 'frameMaterial', 'windowConstructionYear', 'isRollerBlindHousing', 'heatProducer', 'constructionYearHeating', 'heatEmission', 'temperatureRegulation', 'roofType'] as const) {
      expect(allowed(key), key).toBe(true);
    }
    for (const key of ['buildingUsage', 'apartmentUnits', 'numberOfStoreys', 'isDifferentWindows'] as const) expect(allowed(key), key).toBe(false);
  });

  it('is refused by the step schema for a question that does not allow it, and kept once for one that does', () => {
    expect(messagesAt(generalSchema, { unknown: ['buildingUsage'] }, 'unknown.0')).toEqual(["Invalid option: expected one of 'direction' | 'constructionYear'"]);
    expect(generalSchema.parse({ unknown: ['constructionYear', 'constructionYear'] }).unknown).toEqual(['constructionYear']);
    expect(generalSchema.parse({}).unknown).toEqual([]);
  });

  it('answers the required roller-blind question', () => {
    expect(windowsSchema.safeParse({ isDifferentWindows: false, isRollerBlindHousing: null }).success).toBe(false);
    expect(windowsSchema.safeParse({ isDifferentWindows: false, isRollerBlindHousing: null, unknown: ['isRollerBlindHousing'] }).success).toBe(true);
  });

  it('counts as answered for the progress, but not where the question is hidden', () => {
    const windows = windowsSchema.parse({ isDifferentWindows: false, isRollerBlindHousing: true, unknown: ['typeOfGlass', 'frameMaterial'] });
    expect(answeredQuestionsPerStep({ windows }).windows).toBe(4);
    expect(computeProgress({ windows })).toBeGreaterThan(computeProgress({ windows: { ...windows, unknown: [] } }));
    const different = windowsSchema.parse({ isDifferentWindows: true, unknown: ['typeOfGlass'] });
    expect(answeredQuestionsPerStep({ windows: different }).windows).toBe(1);
  });

  it("is settled on save: a value given wins, a hidden question is not 'unknown'", () => {
    const windows = windowsSchema.parse({ isDifferentWindows: false, isRollerBlindHousing: true, typeOfGlass: 'SIMPLE', unknown: ['typeOfGlass', 'frameMaterial'] });
    expect(settledAnswers('windows', windows).unknown).toEqual(['frameMaterial']);
    expect(settledAnswers('windows', { ...windows, isDifferentWindows: true })).not.toHaveProperty('unknown');
    const storeys = storeysSchema.parse({ roof: { roofType: 'FLACHDACH' }, unknown: ['roofType', 'isRenovated'] });
    expect(settledAnswers('storeys', storeys).unknown).toEqual(['isRenovated']);
  });

  it("reads 'unbekannt' on the answer sheet, is no open question and is listed for the architect", () => {
    const record = {
      general: generalSchema.parse({ constructionYear: 1960 }),
      windows: windowsSchema.parse({ isDifferentWindows: false, isRollerBlindHousing: false, unknown: ['windowConstructionYear', 'typeOfGlass'] }),
    };
    const windowRows = answerSheet(record).find((step) => step.step === 'windows')?.rows ?? [];
    expect(windowRows.find((row) => row.key === 'typeOfGlass')).toMatchObject({ answer: 'unbekannt', unknown: true });
    expect(windowRows.find((row) => row.key === 'frameMaterial')).toMatchObject({ answer: null, unknown: false });
    expect(openQuestions(record).find((step) => step.step === 'windows')?.questions.map((question) => question.key)).toEqual(['frameMaterial']);
    expect(unknownQuestions(record).map((question) => question.question)).toEqual(['Baujahr der Fenster', 'Verglasung']);
  });

  it('names the questions in the change log by their labels', () => {
    expect(formatAnswer('unknown', ['typeOfGlass', 'roofType'])).toBe('Verglasung, Dachform');
    expect(formatAnswer('unknown', [])).toBeNull();
    expect(fieldLabel('unknown')).toBe('Weiß ich nicht');
    expect(fieldLabel('confirmed')).toBe('Bestätigte ungewöhnliche Werte');
    expect(formatAnswer('confirmed', ['windowConstructionYear'])).toBe('Baujahr der Fenster');
  });
});
