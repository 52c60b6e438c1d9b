/**
 * Vienna's clock and calendar without Intl: a page's first Intl formatter loads the locale's and the
 * time zone's data, a long task inside the start of every logged-in page. Vienna keeps the EU's
 * summer time, from the last Sunday of March to the last Sunday of October, 01:00 UTC each, since
 * 1996; earlier instants and invalid ones are left to Intl (null here). The web's date-time test
 * compares both hour by hour.
 */
const firstYearOfEuSummerTime = 1996;
const hour = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (0 = January). */
function lastSundayOf(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * 24 * hour;
}

export interface ViennaClock {
  day: string;
  month: string;
  year: string;
  time: string;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The moment on a Viennese clock and calendar, or null where Intl has to answer. */
export function viennaClock(at: Date): ViennaClock | null {
  const instant = at.getTime();
  const year = at.getUTCFullYear();
  if (Number.isNaN(instant) || year < firstYearOfEuSummerTime || year > 9999) return null;
  const summer = instant >= lastSundayOf(year, 2) && instant < lastSundayOf(year, 9);
  const local = new Date(instant + (summer ? 2 : 1) * hour);
  return {
    day: twoDigits(local.getUTCDate()),
    month: twoDigits(local.getUTCMonth() + 1),
    year: String(local.getUTCFullYear()),
    time: `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`,
  };
}
