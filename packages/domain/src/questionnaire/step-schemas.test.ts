import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import {
  generalSchema,
  heatingSchema,
  questionnaireResponseSchemas,
  questionnaireSchemas,
  questionnaireSteps,
  storeysSchema,
  windowsResponseSchema,
  windowsSchema,
} from '../index';

describe('questionnaireSchemas', () => {
  it('maps each step to its PUT body schema', () => {
    expect(questionnaireSchemas).toEqual({
      general: generalSchema,
      storeys: storeysSchema,
      windows: windowsSchema,
      heating: heatingSchema,
    });
    expect(Object.keys(questionnaireSchemas)).toEqual([...questionnaireSteps]);
  });

  it('parses {} for every step but windows, whose isDifferentWindows is required', () => {
    const parsesEmpty = questionnaireSteps.filter((step) => questionnaireSchemas[step].safeParse({}).success);
    expect(parsesEmpty).toEqual(['general', 'storeys', 'heating']);
  });

  it('keeps the precise type of each schema', () => {
    const windows = questionnaireSchemas.windows.parse({ isDifferentWindows: true });
    expect(windows.isDifferentWindows).toBe(true);
  });
});

describe('questionnaireResponseSchemas', () => {
  it('parses the {} of a never-saved step for every step', () => {
    for (const step of questionnaireSteps) {
      expect(questionnaireResponseSchemas[step].safeParse({}).success).toBe(true);
    }
    expect(questionnaireResponseSchemas.windows).toBe(windowsResponseSchema);
  });
});

describe('package entry point', () => {
  it('re-exports the questionnaire', () => {
    expect(domain.questionnaireSchemas).toBe(questionnaireSchemas);
    expect(domain.computeProgress({})).toBe(0);
    expect(domain.projectStatusFromProgress(100)).toBe('COMPLETE');
  });
});
