import { onFirstUse } from '@bauakte/domain/labels';

/**
 * Dates and times as Austria reads them, in Vienna's time ('22.11.2026, 14:05'), written without
 * Intl: a page's first Intl formatter loads the locale's and the time zone's data, a long task
 * inside the start of every logged-in page. Vienna keeps
 * the EU's summer time, from the last Sunday of March to the last Sunday of October, 01:00 UTC
 * each, since 1996; earlier instants and invalid ones are left to Intl. The unit test compares
 * both hour by hour.
 */
const firstYearOfEuSummerTime = 1996;
const hour = 3_600_000;

const intlDateTime = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Vienna' }));
const intlTime = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { timeStyle: 'short', timeZone: 'Europe/Vienna' }));
const intlDay = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeZone: 'Europe/Vienna' }));
const intlDayMonth = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { day: '2-digit', month: '2-digit', timeZone: 'Europe/Vienna' }));

/** 01:00 UTC on the last Sunday of a month (0 = January). */
function lastSundayOf(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * 24 * hour;
}

interface ViennaClock {
  day: string;
  month: string;
  year: string;
  time: string;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The moment on a Viennese clock and calendar, or null where Intl has to answer. */
function viennaClock(at: Date): ViennaClock | null {
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

const dayOf = (clock: ViennaClock) => `${clock.day}.${clock.month}.${clock.year}`;

/** A moment in Austrian date and time, e.g. '22.11.2026, 14:05'. */
export function dateTimeText(iso: string): string {
  const at = new Date(iso);
  const clock = viennaClock(at);
  return clock ? `${dayOf(clock)}, ${clock.time}` : intlDateTime().format(at);
}

/** A day in Austrian form, e.g. '12.03.2026'. */
export function dateText(iso: string): string {
  const at = new Date(iso);
  const clock = viennaClock(at);
  return clock ? dayOf(clock) : intlDay().format(at);
}

/** The time of day in Vienna, e.g. '14:05'. */
export function clockTimeText(at: Date): string {
  return viennaClock(at)?.time ?? intlTime().format(at);
}

/** Day and month in Vienna, e.g. '26.11.'. */
export function dayMonthText(at: Date): string {
  const clock = viennaClock(at);
  return clock ? `${clock.day}.${clock.month}.` : intlDayMonth().format(at);
}

/** Whether two moments fall on the same day in Vienna. */
export function sameViennaDay(a: Date, b: Date): boolean {
  const [first, second] = [viennaClock(a), viennaClock(b)];
  return first && second ? dayOf(first) === dayOf(second) : intlDay().format(a) === intlDay().format(b);
}

/** Today's messages by their time ('14:05'), older ones with the date too. */
export function messageTimeText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return sameViennaDay(at, now) ? clockTimeText(at) : dateTimeText(iso);
}
