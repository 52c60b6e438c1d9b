import { describe, expect, it } from 'vitest';
import { answerSheet, fieldLabel, firstOpenStep, formatAnswer, openQuestions, stepQuestions } from './answer-sheet';
import { questionLabels } from './question-labels';
import { questionCountPerStep } from './progress';
import { questionnaireSteps } from './steps';

describe('answer sheet', () => {
  it('asks the same questions per step as the progress counts', () => {
    for (const step of questionnaireSteps) expect(stepQuestions[step]).toHaveLength(questionCountPerStep[step]);
    expect(Object.keys(questionLabels).sort()).toEqual(questionnaireSteps.flatMap((step) => stepQuestions[step]).sort());
  });

  it('shows answers with the German labels of the forms and marks what is unanswered', () => {
    const sheet = answerSheet({
      general: { buildingUsage: 'WOHNBAU', buildingtype: null, apartmentUnits: 'UNITS_1_2', renovatedUnits: 'ALL', direction: 'SO', constructionYear: 1978, sealevel: null, katastral: null },
      storeys: { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '2', isBasementHeated: null, isRenovated: true },
      heating: null,
    });
    const general = sheet.find((step) => step.step === 'general');
    expect(general?.title).toBe('Allgemeine Informationen');
    expect(general?.rows.map((row) => [row.question, row.answer])).toEqual([
      ['Gebäudenutzung', 'Wohnbau'],
      ['Gebäudetyp', null],
      ['Anzahl der Wohneinheiten', '1–2 Wohneinheiten'],
      ['Zu sanierende Einheiten', 'Alle'],
      ['Ausrichtung der Hauptfassade', 'Südost'],
      ['Baujahr', '1978'],
    ]);
    const storeys = sheet.find((step) => step.step === 'storeys');
    expect(storeys?.rows.map((row) => row.answer)).toEqual(['Satteldach', 'Nein', '2', null, 'Ja']);
    expect(sheet.find((step) => step.step === 'heating')?.rows.every((row) => row.answer === null && !row.notNeeded)).toBe(true);
  });

  it("marks the window details as the architect's when the windows differ, never showing an answer saved before", () => {
    const windows = answerSheet({ windows: { isDifferentWindows: true, windowConstructionYear: null, typeOfGlass: null, frameMaterial: 'WOOD', isRollerBlindHousing: null } })[2];
    expect(windows?.rows.map((row) => [row.answer, row.notNeeded])).toEqual([
      ['Ja', false],
      [null, true],
      [null, true],
      [null, true],
      [null, true],
    ]);
  });

  it('names changed fields by dotted path and formats their values', () => {
    expect(fieldLabel('roof.roofType')).toBe('Dachform');
    expect(fieldLabel('katastral')).toBe('Katastralgemeinde (KG-Nr.)');
    expect(formatAnswer('roof.roofType', 'FLACHDACH')).toBe('Flachdach');
    expect(formatAnswer('fuelType', 'WOOD')).toBe('Pellets');
    expect(formatAnswer('heatProducer', 'DISTRICT_HEAT_TRANSFER_STATION')).toBe('Fernwärme-Übergabestation');
    expect(formatAnswer('constructionYearHeating', '  ')).toBeNull();
    expect(formatAnswer('constructionYearHeating', 'um 1990')).toBe('um 1990');
  });
});

describe('open questions', () => {
  const general = { buildingUsage: 'WOHNBAU', buildingtype: 'FREISTEHEND', apartmentUnits: 'UNITS_1_2', renovatedUnits: 'ALL', direction: 'S', constructionYear: 1965, sealevel: null, katastral: null } as const;
  const storeys = { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '2', isBasementHeated: false, isRenovated: true } as const;

  it('lists the unanswered questions grouped by step, and only the steps with some', () => {
    const open = openQuestions({ general: { ...general, constructionYear: null }, storeys, heating: null });
    expect(open.map((step) => [step.title, step.questions.map((question) => question.question)])).toEqual([
      ['Allgemeine Informationen', ['Baujahr']],
      ['Fenster', ['Gibt es unterschiedliche Fenster?', 'Baujahr der Fenster', 'Verglasung', 'Rahmenmaterial', 'Gibt es Rollladenkästen?']],
      ['Heizung', stepQuestions.heating.map((key) => questionLabels[key])],
    ]);
    expect(firstOpenStep({ general, storeys: { ...storeys, isRenovated: null } })).toBe('storeys');
  });

  it("leaves out the window details the architect collects, and starts at the first step when nothing is open", () => {
    const windows = { isDifferentWindows: true, windowConstructionYear: null, typeOfGlass: null, frameMaterial: null, isRollerBlindHousing: null };
    const heating = { heatProducer: 'CONDENSING_BOILER', fuelType: 'GAS', constructionYearHeating: '2005', hotWaterProduction: 'CENTRALIZED_THROUGH_HEATING', heatEmission: 'SMALL_AREA_HEAT_EMISSION', temperatureRegulation: 'SINGLE_ROOM_VALVE' } as const;
    expect(openQuestions({ general, storeys, windows, heating })).toEqual([]);
    expect(firstOpenStep({ general, storeys, windows, heating })).toBe('general');
    expect(firstOpenStep({})).toBe('general');
  });
});
