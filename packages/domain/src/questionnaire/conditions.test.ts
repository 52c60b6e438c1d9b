import { describe, expect, it } from 'vitest';
import { hiddenQuestions, isQuestionHidden, withoutHiddenAnswers } from './conditions';
import { visibleRecord } from './progress';
import { windowsSchema } from './windows';

const detailed = { windowConstructionYear: 1990, typeOfGlass: 'DOUBLE_ISOLATION', frameMaterial: 'WOOD', isRollerBlindHousing: true } as const;

describe('question conditions', () => {
  it('hide the window year, glass, frame and roller blinds once the windows differ', () => {
    expect(hiddenQuestions('windows', { isDifferentWindows: true, ...detailed })).toEqual([
      'windowConstructionYear',
      'typeOfGlass',
      'frameMaterial',
      'isRollerBlindHousing',
    ]);
    expect(isQuestionHidden('windows', 'typeOfGlass', { isDifferentWindows: true })).toBe(true);
    expect(isQuestionHidden('windows', 'isDifferentWindows', { isDifferentWindows: true })).toBe(false);
  });

  it('hide nothing while the windows are alike or not answered, nor in other steps', () => {
    expect(hiddenQuestions('windows', { isDifferentWindows: false, ...detailed })).toEqual([]);
    expect(hiddenQuestions('windows', { isDifferentWindows: null })).toEqual([]);
    expect(hiddenQuestions('windows', null)).toEqual([]);
    expect(hiddenQuestions('general', { isDifferentWindows: true })).toEqual([]);
  });

  it('clear the hidden answers and keep the others', () => {
    expect(withoutHiddenAnswers('windows', { isDifferentWindows: true, ...detailed })).toEqual({
      isDifferentWindows: true,
      windowConstructionYear: null,
      typeOfGlass: null,
      frameMaterial: null,
      isRollerBlindHousing: null,
    });
    const alike = { isDifferentWindows: false, ...detailed };
    expect(withoutHiddenAnswers('windows', alike)).toEqual(alike);
  });

  it('clear hidden answers of a stored record, as an export reads it', () => {
    const windows = windowsSchema.parse({ isDifferentWindows: true, ...detailed });
    expect(visibleRecord({ windows }).windows).toMatchObject({ isDifferentWindows: true, windowConstructionYear: null, frameMaterial: null });
    expect(visibleRecord({}).general).toBeNull();
  });

  it('let different windows be saved without the roller-blind answer, but not alike ones', () => {
    expect(windowsSchema.safeParse({ isDifferentWindows: true }).success).toBe(true);
    expect(windowsSchema.safeParse({ isDifferentWindows: false }).success).toBe(false);
  });
});
