import { clockTimeText, dayMonthText, sameViennaDay } from '../../lib/date-time';
import { de } from '../../i18n/de';

/** 'Offline — Stand von 14:32' for data of today (in Vienna), 'Offline — Stand vom 26.11. 14:32' for older. */
export function offlineBannerText(fetchedAt: number | undefined, now = new Date()): string {
  if (fetchedAt === undefined) return de.offlineApp.offlineNothingStored;
  const at = new Date(fetchedAt);
  if (sameViennaDay(at, now)) return de.offlineApp.offlineSince(clockTimeText(at));
  return de.offlineApp.offlineSinceDay(dayMonthText(at), clockTimeText(at));
}
