/**
 * Numbers as Austrian German writes them ('12 345', '1,5', '45 %', with a no-break space), without
 * Intl. The first Intl formatter a page builds loads the locale's data, a long task on a phone;
 * the logged-in pages show these numbers while they start.
 */
export function wholeNumberText(value: number): string {
  return roundedText(value, 0, true);
}

/** At most one decimal ('1,5', '2', '1 023,6'). */
export function oneDecimalText(value: number): string {
  return roundedText(value, 1, true);
}

/** As typed into a form: no thousands separator, at most three decimals ('1978', '12,75'). */
export function plainNumberText(value: number): string {
  return roundedText(value, 3, false);
}

/** A share from 0 to 100 in whole percent: '45 %'. */
export function percentText(percent: number): string {
  return `${wholeNumberText(percent)}\u00a0%`;
}

/**
 * Rounds the shortest decimal form of the value half up, as Intl does: 1.15 is '1,2', although the
 * double 1.15 lies just below 1.15. Values JavaScript writes with an exponent (under 1e-6, from 1e21),
 * which no form or file size holds, are left to Intl.
 */
function roundedText(value: number, fractionDigits: number, grouping: boolean): string {
  const shortest = String(Math.abs(value));
  if (shortest.includes('e')) return new Intl.NumberFormat('de-AT', { useGrouping: grouping, maximumFractionDigits: fractionDigits }).format(value);
  const scaled = Math.round(Number(`${shortest}e${fractionDigits}`));
  const digits = String(scaled).padStart(fractionDigits + 1, '0');
  const whole = digits.slice(0, digits.length - fractionDigits);
  const fraction = digits.slice(digits.length - fractionDigits).replace(/0+$/, '');
  const wholeText = grouping ? whole.replace(/\B(?=(\d{3})+$)/g, '\u00a0') : whole;
  const text = fraction === '' ? wholeText : `${wholeText},${fraction}`;
  return value < 0 && scaled > 0 ? `-${text}` : text;
}
