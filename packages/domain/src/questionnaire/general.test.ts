import { afterEach, describe, expect, it, vi } from 'vitest';
import { generalSchema } from './general';
import { invalidOption, issuesOf, messagesAt } from './test-helpers';
import { apartmentUnitsOptions, buildingTypes, buildingUsages, directions, renovatedUnitsOptions } from './answer-options';

const unanswered = {
  buildingUsage: null,
  buildingtype: null,
  apartmentUnits: null,
  renovatedUnits: null,
  direction: null,
  constructionYear: null,
  sealevel: null,
  katastral: null,
  unknown: [],
  confirmed: [],
};

describe('generalSchema', () => {
  it('parses the {} of a never-saved step, with every question null', () => {
    expect(generalSchema.parse({})).toEqual(unanswered);
  });

  it('reads missing, undefined and null alike as null', () => {
    expect(generalSchema.parse({ buildingUsage: undefined, buildingtype: null })).toEqual(unanswered);
  });

  it('keeps the answers', () => {
    const answers = {
      buildingUsage: 'WOHNBAU',
      buildingtype: 'ECKHAUS',
      apartmentUnits: 'UNITS_3_9',
      renovatedUnits: 'AMOUNT_20',
      direction: 'SO',
      constructionYear: 1965,
      sealevel: 171.5,
      katastral: 1004,
      unknown: ['direction'],
      confirmed: [],
    };
    expect(generalSchema.parse(answers)).toEqual(answers);
  });

  it('refuses unknown fields and names them, so a misspelling cannot pass as unanswered', () => {
    expect(issuesOf(generalSchema, { buildingType: 'ECKHAUS', extra: 1 })).toEqual([
      { path: '', message: 'Unbekannte Felder: buildingType, extra' },
    ]);
    expect(issuesOf(generalSchema, { buildingUsage: 'WOHNBAU', extra: 1 })).toEqual([{ path: '', message: 'Unbekanntes Feld: extra' }]);
  });


  it('refuses a body that is not an object', () => {
    expect(issuesOf(generalSchema, null)).toEqual([{ path: '', message: 'Expected object, received null' }]);
    expect(issuesOf(generalSchema, [])).toEqual([{ path: '', message: 'Expected object, received array' }]);
    expect(issuesOf(generalSchema, undefined)).toEqual([{ path: '', message: 'Required' }]);
  });

  const choices = [
    ['buildingUsage', buildingUsages],
    ['buildingtype', buildingTypes],
    ['apartmentUnits', apartmentUnitsOptions],
    ['renovatedUnits', renovatedUnitsOptions],
    ['direction', directions],
  ] as const;

  describe.each(choices)('%s', (field, values) => {
    it.each([...values])('accepts %s', (value) => {
      expect(generalSchema.parse({ [field]: value })[field]).toBe(value);
    });

    it('refuses a value outside the choice and names the allowed ones', () => {
      expect(issuesOf(generalSchema, { [field]: 'UNKNOWN' })).toEqual([
        { path: field, message: invalidOption(values) },
      ]);
    });

    it('refuses a non-string as a type error', () => {
      expect(messagesAt(generalSchema, { [field]: 1 }, field)).toEqual(['Expected string, received number']);
    });
  });

  it('words a wrong building usage clearly', () => {
    expect(messagesAt(generalSchema, { buildingUsage: 'wohnbau' }, 'buildingUsage')).toEqual([
      "Invalid option: expected one of 'WOHNBAU' | 'NICHTWOHNBAU'",
    ]);
  });

  it('keeps the lowercase "t" of buildingtype', () => {
    expect(generalSchema.parse({ buildingtype: 'ECKHAUS' }).buildingtype).toBe('ECKHAUS');
    expect(generalSchema.safeParse({ buildingType: 'ECKHAUS' }).success).toBe(false);
  });
});

describe('generalSchema constructionYear', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const year = (constructionYear: unknown) => messagesAt(generalSchema, { constructionYear }, 'constructionYear');

  it('accepts 1300 and refuses 1299', () => {
    expect(year(1300)).toEqual([]);
    expect(year(1299)).toEqual(['Year must be at least 1300.']);
  });

  it('accepts the current year and refuses the next one', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
    expect(year(2026)).toEqual([]);
    expect(year(2027)).toEqual(['Year cannot exceed 2026.']);
  });

  it('reads the current year at validation time, so a running server follows New Year', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-31T12:00:00Z'));
    expect(year(2027)).toEqual(['Year cannot exceed 2026.']);
    vi.setSystemTime(new Date('2027-01-01T12:00:00Z'));
    expect(year(2027)).toEqual([]);
    expect(year(2028)).toEqual(['Year cannot exceed 2027.']);
  });

  it('counts the year in Austria, where New Year comes an hour before UTC', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
    expect(year(2027)).toEqual([]);
  });

  it('refuses fractions, text and non-finite numbers', () => {
    expect(year(1999.5)).toEqual(['Expected integer, received float']);
    expect(year('1999')).toEqual(['Expected number, received string']);
    expect(year(Number.NaN)).toEqual(['Expected number, received NaN']);
    expect(year(Number.POSITIVE_INFINITY)).toEqual(['Expected number, received Infinity']);
  });
});

describe('generalSchema sealevel', () => {
  const sealevel = (value: unknown) => messagesAt(generalSchema, { sealevel: value }, 'sealevel');

  it('accepts 0 to 10000, fractions included', () => {
    expect(sealevel(0)).toEqual([]);
    expect(sealevel(10000)).toEqual([]);
    expect(sealevel(523.5)).toEqual([]);
  });

  it('refuses values outside 0 to 10000 with the spec messages', () => {
    expect(sealevel(-1)).toEqual(['Value must be at least 0.']);
    expect(sealevel(10001)).toEqual(['Value cannot exceed 10000.']);
  });

  it('refuses text', () => {
    expect(sealevel('500')).toEqual(['Expected number, received string']);
  });
});

describe('generalSchema katastral', () => {
  const katastral = (value: unknown) => messagesAt(generalSchema, { katastral: value }, 'katastral');

  it('accepts 1002 and 92129', () => {
    expect(katastral(1002)).toEqual([]);
    expect(katastral(92129)).toEqual([]);
  });

  it('refuses 1001 and 92130 with the spec messages', () => {
    expect(katastral(1001)).toEqual(['Value must be at least 01002.']);
    expect(katastral(92130)).toEqual(['Value cannot exceed 92129.']);
  });

  it('refuses fractions and text', () => {
    expect(katastral(1002.5)).toEqual(['Expected integer, received float']);
    expect(katastral('01002')).toEqual(['Expected number, received string']);
  });
});
