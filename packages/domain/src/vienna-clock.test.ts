import { describe, expect, it } from 'vitest';
import { todayInAustria } from './pin-items';

const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit', day: '2-digit' });

describe('todayInAustria', () => {
  it("names Vienna's calendar day as Intl does, every hour of two years, across both changes of summer time", () => {
    const hour = 3_600_000;
    const start = Date.UTC(2026, 0, 1);
    for (let at = start; at < start + 2 * 366 * 24 * hour; at += hour) {
      const now = new Date(at);
      expect(todayInAustria(now)).toBe(intlDay.format(now));
    }
  });

  it('leaves instants before the EU summer time to Intl', () => {
    const now = new Date(Date.UTC(1990, 6, 1, 22, 30));
    expect(todayInAustria(now)).toBe('1990-07-02');
  });
});
