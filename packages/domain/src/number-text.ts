/**
 * Numbers as Austrian German writes them ('12 345', '1,5', '45 %', with a no-break space), without
 * Intl. The first Intl formatter a page builds loads the locale's data, which costs a phone about
 * a tenth of a second; the logged-in pages show these numbers while they start.
 */
export function wholeNumberText(value: number): string {
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  return value <= -0.5 ? `-${digits}` : digits;
}

/**
 * At most one decimal ('1,5', '2', '1 023,6'). Rounds the shortest decimal form of the value half
 * up, as Intl does: 1.15 is '1,2', although the double 1.15 lies just below 1.15.
 */
export function oneDecimalText(value: number): string {
  const tenths = Math.round(Number(`${Math.abs(value)}e1`));
  const whole = wholeNumberText(Math.trunc(tenths / 10));
  const text = tenths % 10 === 0 ? whole : `${whole},${tenths % 10}`;
  return value < 0 && tenths > 0 ? `-${text}` : text;
}

/** A share from 0 to 100 in whole percent: '45 %'. */
export function percentText(percent: number): string {
  return `${wholeNumberText(percent)}\u00a0%`;
}
