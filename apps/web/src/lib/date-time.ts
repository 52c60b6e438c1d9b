// Each formatter is made on its first use: a formatter with a time zone costs milliseconds to make,
// which every page importing this module would otherwise pay while the app starts.
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('de-AT', { ...options, timeZone: 'Europe/Vienna' }));
};

const dateTime = formatter({ dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = formatter({ timeStyle: 'short' });
const dayOnly = formatter({ dateStyle: 'medium' });

/** A moment in Austrian date and time, e.g. '22.11.2026, 14:05'. */
export function dateTimeText(iso: string): string {
  return dateTime().format(new Date(iso));
}

/** Today's messages by their time ('14:05'), older ones with the date too. */
export function messageTimeText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return dayOnly().format(at) === dayOnly().format(now) ? timeOnly().format(at) : dateTime().format(at);
}
