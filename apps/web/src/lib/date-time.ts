import { onFirstUse } from '@bauakte/domain';

const dateTime = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Vienna' }));

/** A moment in Austrian date and time, e.g. '22.11.2026, 14:05'. */
export function dateTimeText(iso: string): string {
  return dateTime().format(new Date(iso));
}

const timeOnly = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { timeStyle: 'short', timeZone: 'Europe/Vienna' }));
const dayOnly = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeZone: 'Europe/Vienna' }));

/** A day in Austrian form, e.g. '12.03.2026'. */
export function dateText(iso: string): string {
  return dayOnly().format(new Date(iso));
}

/** Today's messages by their time ('14:05'), older ones with the date too. */
export function messageTimeText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return dayOnly().format(at) === dayOnly().format(now) ? timeOnly().format(at) : dateTime().format(at);
}

/**
 * A logged-in start shows dates (messages, changes, files) once its pages' code has arrived. The
 * locale's and time zone's data load now, while that code is still on its way, instead of inside
 * the first render.
 */
export function prepareDateFormats(): void {
  dateTime().format(0);
}
