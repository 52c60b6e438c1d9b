/**
 * Counts and percentages as Austrian German writes them ('12 345', '45 %', with a no-break
 * space), without Intl. The first Intl formatter a page builds loads the locale's data, which
 * costs a phone about a tenth of a second; the dashboards show these numbers while they start.
 */
export function wholeNumberText(value: number): string {
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  return value <= -0.5 ? `-${digits}` : digits;
}

/** A share from 0 to 100 in whole percent: '45 %'. */
export function percentText(percent: number): string {
  return `${wholeNumberText(percent)}\u00a0%`;
}
