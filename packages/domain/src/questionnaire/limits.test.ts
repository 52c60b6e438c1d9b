import { describe, expect, it } from 'vitest';
import { currentYearInAustria } from './limits';

const viennaYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Vienna', year: 'numeric' });

describe('currentYearInAustria', () => {
  it('turns the year at midnight in Vienna, an hour before UTC does', () => {
    expect(currentYearInAustria(new Date('2026-12-31T22:59:59.999Z'))).toBe(2026);
    expect(currentYearInAustria(new Date('2026-12-31T23:00:00.000Z'))).toBe(2027);
    expect(currentYearInAustria(new Date('2027-07-01T00:30:00.000Z'))).toBe(2027);
  });

  it('agrees with the Vienna time zone every hour around the turn of the year and in summer', () => {
    for (let year = 2024; year <= 2040; year += 1) {
      const around = [Date.UTC(year - 1, 11, 31, 0), Date.UTC(year, 5, 30, 0)];
      for (const start of around) {
        for (let hour = 0; hour < 48; hour += 1) {
          const now = new Date(start + hour * 3_600_000 + 59 * 60_000);
          expect(currentYearInAustria(now), now.toISOString()).toBe(Number(viennaYear.format(now)));
        }
      }
    }
  });
});
