import { onFirstUse, viennaClock, type ViennaClock } from '@bauakte/domain/labels';

/**
 * Dates and times as Austria reads them, in Vienna's time ('22.11.2026, 14:05'), written without
 * Intl (the domain's viennaClock); instants it leaves to Intl are formatted by Intl.
 */
const intlDateTime = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Vienna' }));
const intlTime = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { timeStyle: 'short', timeZone: 'Europe/Vienna' }));
const intlDay = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeZone: 'Europe/Vienna' }));
const intlDayMonth = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { day: '2-digit', month: '2-digit', timeZone: 'Europe/Vienna' }));

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

/** A calendar day kept as YYYY-MM-DD (a due date), in Austrian form, e.g. '24.12.2026'. */
export function calendarDayText(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}.${month}.${year}` : day;
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
