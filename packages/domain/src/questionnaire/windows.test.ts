import { describe, expect, it } from 'vitest';
import { invalidOption, issuesOf, messagesAt } from './test-helpers';
import { windowsResponseSchema, windowsSchema } from './windows';
import { currentYearInAustria } from './limits';
import { frameMaterials, typesOfGlass } from './answer-options';

const sameWindows = { isDifferentWindows: false, isRollerBlindHousing: false };

describe('windowsSchema', () => {
  it('refuses {}: isDifferentWindows is a required boolean', () => {
    expect(issuesOf(windowsSchema, {})).toEqual([{ path: 'isDifferentWindows', message: 'Required' }]);
  });

  it.each([null, 'false', 0])('refuses isDifferentWindows %j with a type message', (value) => {
    const received = value === null ? 'null' : typeof value;
    expect(issuesOf(windowsSchema, { isDifferentWindows: value, isRollerBlindHousing: true })).toEqual([
      { path: 'isDifferentWindows', message: `Expected boolean, received ${received}` },
    ]);
  });

  it.each([{}, { isRollerBlindHousing: null }, { isRollerBlindHousing: undefined }])(
    'requires isRollerBlindHousing when the windows are alike (%j)',
    (rollerBlind) => {
      expect(issuesOf(windowsSchema, { isDifferentWindows: false, ...rollerBlind })).toEqual([
        { path: 'isRollerBlindHousing', message: 'Required' },
      ]);
    },
  );

  it('parses different windows without any other answer', () => {
    expect(windowsSchema.parse({ isDifferentWindows: true })).toEqual({
      unknown: [],
      confirmed: [],
      isDifferentWindows: true,
      windowConstructionYear: null,
      typeOfGlass: null,
      frameMaterial: null,
      isRollerBlindHousing: null,
    });
  });

  it('keeps answers given alongside different windows', () => {
    expect(windowsSchema.parse({ isDifferentWindows: true, frameMaterial: 'WOOD' }).frameMaterial).toBe('WOOD');
  });

  it('refuses null, lists, text and numbers as a body without throwing', () => {
    for (const body of [null, [], 'fenster', 5]) {
      expect(windowsSchema.safeParse(body).success).toBe(false);
    }
  });

  it('refuses a window year that is not a whole number', () => {
    expect(messagesAt(windowsSchema, { ...sameWindows, windowConstructionYear: 1990.5 }, 'windowConstructionYear')).toEqual([
      'Expected integer, received float',
    ]);
  });

  it('parses alike windows with a false roller-blind answer and refuses unknown keys', () => {
    expect(windowsSchema.safeParse({ ...sameWindows, shutters: true }).success).toBe(false);
    expect(windowsSchema.parse(sameWindows)).toEqual({
      unknown: [],
      confirmed: [],
      ...sameWindows,
      windowConstructionYear: null,
      typeOfGlass: null,
      frameMaterial: null,
    });
  });

  it('reports the missing roller-blind answer alongside errors in other fields', () => {
    expect(issuesOf(windowsSchema, { isDifferentWindows: false, typeOfGlass: 'TRIPLE' })).toEqual([
      { path: 'typeOfGlass', message: invalidOption(typesOfGlass) },
      { path: 'isRollerBlindHousing', message: 'Required' },
    ]);
  });

  it('does not ask for the roller-blind answer while isDifferentWindows itself is wrong', () => {
    expect(issuesOf(windowsSchema, { isDifferentWindows: 'nein' })).toEqual([
      { path: 'isDifferentWindows', message: 'Expected boolean, received string' },
    ]);
  });

  it('refuses a non-boolean roller-blind answer', () => {
    expect(issuesOf(windowsSchema, { isDifferentWindows: false, isRollerBlindHousing: 'ja' })).toEqual([
      { path: 'isRollerBlindHousing', message: 'Expected boolean, received string' },
    ]);
  });

  it.each([...typesOfGlass])('accepts glass %s', (typeOfGlass) => {
    expect(windowsSchema.parse({ ...sameWindows, typeOfGlass }).typeOfGlass).toBe(typeOfGlass);
  });

  it.each([...frameMaterials])('accepts frame %s', (frameMaterial) => {
    expect(windowsSchema.parse({ ...sameWindows, frameMaterial }).frameMaterial).toBe(frameMaterial);
  });

  it('refuses an unknown frame material', () => {
    expect(messagesAt(windowsSchema, { ...sameWindows, frameMaterial: 'STEEL' }, 'frameMaterial')).toEqual([
      invalidOption(frameMaterials),
    ]);
  });

  it('takes a window year from 1800 to the current year, refusing others with a German message', () => {
    const messages = (value: unknown) =>
      messagesAt(windowsSchema, { ...sameWindows, windowConstructionYear: value }, 'windowConstructionYear');
    const thisYear = currentYearInAustria();
    const refusal = `Bitte geben Sie ein Jahr von 1800 bis ${thisYear} an.`;
    expect(messages(1800)).toEqual([]);
    expect(messages(thisYear)).toEqual([]);
    expect(messages(3)).toEqual([refusal]);
    expect(messages(1799)).toEqual([refusal]);
    expect(messages(thisYear + 1)).toEqual([refusal]);
    expect(messages(3025)).toEqual([refusal]);
    expect(messages('1990')).toEqual(['Expected number, received string']);
  });
});

describe('windowsResponseSchema', () => {
  it('parses the {} a never-saved step answers with', () => {
    expect(windowsResponseSchema.parse({})).toEqual({
      unknown: [],
      confirmed: [],
      isDifferentWindows: null,
      windowConstructionYear: null,
      typeOfGlass: null,
      frameMaterial: null,
      isRollerBlindHousing: null,
    });
  });

  it('still refuses wrong types', () => {
    expect(issuesOf(windowsResponseSchema, { isDifferentWindows: 'ja' })).toEqual([
      { path: 'isDifferentWindows', message: 'Expected boolean, received string' },
    ]);
  });
});
