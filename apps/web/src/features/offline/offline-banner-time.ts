import { onFirstUse } from '@bauakte/domain';
import { de } from '../../i18n/de';

const zone = 'Europe/Vienna';
const clock = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { hour: '2-digit', minute: '2-digit', timeZone: zone }));
const dayMonth = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { day: '2-digit', month: '2-digit', timeZone: zone }));
const day = onFirstUse(() => new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeZone: zone }));

/** 'Offline — Stand von 14:32' for data of today (in Vienna), 'Offline — Stand vom 26.11. 14:32' for older. */
export function offlineBannerText(fetchedAt: number | undefined, now = new Date()): string {
  if (fetchedAt === undefined) return de.offlineApp.offlineNothingStored;
  const at = new Date(fetchedAt);
  if (day().format(at) === day().format(now)) return de.offlineApp.offlineSince(clock().format(at));
  return de.offlineApp.offlineSinceDay(dayMonth().format(at), clock().format(at));
}
