import { describe, expect, it } from 'vitest';
import { generalSchema } from './general';
import { heatingSchema } from './heating';
import {
  answeredQuestions,
  answeredQuestionsPerStep,
  applicableQuestions,
  computeProgress,
  questionCountPerStep,
  totalQuestionCount,
  type QuestionnaireRecord,
} from './progress';
import { questionnaireSteps } from './steps';
import { storeysSchema, type StoreysAnswers } from './storeys';
import { windowsResponseSchema, windowsSchema } from './windows';

const general = generalSchema.parse({
  buildingUsage: 'WOHNBAU',
  buildingtype: 'FREISTEHEND',
  apartmentUnits: 'UNITS_1_2',
  renovatedUnits: 'ALL',
  direction: 'S',
  constructionYear: 1978,
});
const storeys = storeysSchema.parse({
  roof: { roofType: 'SATTELDACH', isAtticHeated: true },
  numberOfStoreys: '2',
  isBasementHeated: true,
  isRenovated: true,
});
const windows = windowsSchema.parse({
  isDifferentWindows: false,
  windowConstructionYear: 1995,
  typeOfGlass: 'DOUBLE_ISOLATION',
  frameMaterial: 'WOOD',
  isRollerBlindHousing: true,
});
const heating = heatingSchema.parse({
  heatProducer: 'CONDENSING_BOILER',
  fuelType: 'GAS',
  constructionYearHeating: '2010',
  hotWaterProduction: 'CENTRALIZED_THROUGH_HEATING',
  heatEmission: 'SMALL_AREA_HEAT_EMISSION',
  temperatureRegulation: 'SINGLE_ROOM_VALVE',
});
const complete: QuestionnaireRecord = { general, storeys, windows, heating };

describe('question counts', () => {
  it('counts 6 + 5 + 5 + 6 = 22 questions', () => {
    expect(questionCountPerStep).toEqual({ general: 6, storeys: 5, windows: 5, heating: 6 });
    expect(totalQuestionCount).toBe(22);
    expect(questionnaireSteps).toEqual(['general', 'storeys', 'windows', 'heating']);
  });
});

describe('computeProgress', () => {
  it('is 0 with nothing saved', () => {
    expect(computeProgress({})).toBe(0);
    expect(computeProgress({ general: null, storeys: null, windows: null, heating: null })).toBe(0);
  });

  it('is 0 for saved but unanswered general, windows and heating steps', () => {
    const record = {
      general: generalSchema.parse({}),
      windows: windowsResponseSchema.parse({}),
      heating: heatingSchema.parse({}),
    };
    expect(computeProgress(record)).toBe(0);
  });

  it('is 100 with every question answered', () => {
    expect(answeredQuestions(complete)).toBe(22);
    expect(computeProgress(complete)).toBe(100);
  });

  it('is 27 with only the general step answered (6 of 22, rounded)', () => {
    expect(computeProgress({ general })).toBe(27);
  });

  it('does not count sealevel and katastral, which are on no form', () => {
    const onlyHidden = generalSchema.parse({ sealevel: 200, katastral: 1004 });
    expect(answeredQuestions({ general: onlyHidden })).toBe(0);
  });

  it('counts only the questions that apply: with different windows the four details neither count nor wait', () => {
    const differentWindows = windowsSchema.parse({ isDifferentWindows: true, windowConstructionYear: 1990, frameMaterial: 'WOOD' });
    expect(answeredQuestionsPerStep({ windows: differentWindows }).windows).toBe(1);
    expect(applicableQuestions({ windows: differentWindows })).toBe(18);
    expect(computeProgress({ windows: differentWindows })).toBe(Math.round((1 / 18) * 100));
    expect(computeProgress({ ...complete, windows: differentWindows })).toBe(100);
  });

  it('counts only what is answered for alike windows', () => {
    const alike = windowsSchema.parse({ isDifferentWindows: false, isRollerBlindHousing: false });
    expect(answeredQuestionsPerStep({ windows: alike }).windows).toBe(2);
  });

  it('counts false booleans as answers', () => {
    const no = storeysSchema.parse({
      roof: { roofType: 'FLACHDACH', isAtticHeated: false },
      numberOfStoreys: '1',
      isBasementHeated: false,
      isRenovated: false,
    });
    expect(answeredQuestionsPerStep({ storeys: no }).storeys).toBe(5);
  });

  it('counts the attic default as an answer once the storeys step is saved', () => {
    expect(answeredQuestionsPerStep({ storeys: storeysSchema.parse({}) }).storeys).toBe(1);
  });

  it('does not count blank text', () => {
    const blank = heatingSchema.parse({ ...heating, constructionYearHeating: '   ' });
    expect(answeredQuestionsPerStep({ heating: blank }).heating).toBe(5);
    expect(computeProgress({ ...complete, heating: blank })).toBe(95);
  });

  it('does not throw on a stored storeys record that lacks the roof', () => {
    const unparsed = { numberOfStoreys: '4' } as unknown as StoreysAnswers;
    expect(answeredQuestionsPerStep({ storeys: unparsed }).storeys).toBe(1);
  });

  it('reports the answers per step', () => {
    expect(answeredQuestionsPerStep({ general, heating })).toEqual({ general: 6, storeys: 0, windows: 0, heating: 6 });
  });
});
