const dateTime = new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Vienna' });

/** A moment in Austrian date and time, e.g. '22.11.2026, 14:05'. */
export function dateTimeText(iso: string): string {
  return dateTime.format(new Date(iso));
}
