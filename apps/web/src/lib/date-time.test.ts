import { describe, expect, it } from 'vitest';
import { clockTimeText, dateText, dateTimeText, dayMonthText, messageTimeText, sameViennaDay } from './date-time';

const vienna = { timeZone: 'Europe/Vienna' } as const;
const intl = {
  dateTime: new Intl.DateTimeFormat('de-AT', { ...vienna, dateStyle: 'medium', timeStyle: 'short' }),
  day: new Intl.DateTimeFormat('de-AT', { ...vienna, dateStyle: 'medium' }),
  time: new Intl.DateTimeFormat('de-AT', { ...vienna, timeStyle: 'short' }),
  dayMonth: new Intl.DateTimeFormat('de-AT', { ...vienna, day: '2-digit', month: '2-digit' }),
};

/** Every half hour of the last week of March and of October (the clock changes) and of the turn of the year. */
function momentsOf(year: number): Date[] {
  const moments: Date[] = [];
  for (const [month, day] of [[2, 24], [9, 24], [11, 28]] as const) {
    const start = Date.UTC(year, month, day);
    for (let half = 0; half < 8 * 48; half += 1) moments.push(new Date(start + half * 1_800_000 + 7_000));
  }
  return moments;
}

describe('Austrian dates and times without Intl', () => {
  it('writes every moment as Intl does for de-AT in Vienna, across the clock changes of 1996 to 2040', () => {
    const differences: string[] = [];
    for (let year = 1996; year <= 2040; year += 1) {
      for (const at of momentsOf(year)) {
        const iso = at.toISOString();
        const ours = [dateTimeText(iso), dateText(iso), clockTimeText(at), dayMonthText(at)].join(' | ');
        const theirs = [intl.dateTime, intl.day, intl.time, intl.dayMonth].map((format) => format.format(at)).join(' | ');
        if (ours !== theirs) differences.push(`${iso}: ${ours} ≠ ${theirs}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('leaves moments before the EU summer time to Intl', () => {
    expect(dateTimeText('1985-07-01T12:00:00Z')).toBe(intl.dateTime.format(new Date('1985-07-01T12:00:00Z')));
    expect(dateTimeText('1970-01-01T00:00:00Z')).toBe('01.01.1970, 01:00');
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => dateTimeText('kein Datum')).toThrow(RangeError);
  });

  it("shows today's messages by their time and older ones with the date, by Vienna's day", () => {
    const now = new Date('2026-11-27T22:30:00Z'); // 23:30 in Vienna
    expect(messageTimeText('2026-11-26T23:10:00Z', now)).toBe('00:10');
    expect(messageTimeText('2026-11-26T22:50:00Z', now)).toBe('26.11.2026, 23:50');
    expect(sameViennaDay(new Date('2026-07-01T22:30:00Z'), new Date('2026-07-02T08:00:00Z'))).toBe(true);
  });
});
