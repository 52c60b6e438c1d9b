import type { z } from 'zod';
import { fieldTexts } from './texts/form-texts';

/** The nine Bundesländer, the only answers to 'Bundesland' for an address in Austria. */
export const austrianStates = [
  'Burgenland', 'Kärnten', 'Niederösterreich', 'Oberösterreich', 'Salzburg', 'Steiermark', 'Tirol', 'Vorarlberg', 'Wien',
] as const;
export type AustrianState = (typeof austrianStates)[number];

const austriaNames = new Set(['', 'österreich', 'oesterreich', 'austria', 'at', 'aut']);

/** An address without a country is taken as Austrian: the portal's users work in Austria. */
export function isAustria(country: string | undefined): boolean {
  return austriaNames.has((country ?? '').trim().toLowerCase());
}

export function isAustrianPostalCode(postalCode: string): boolean {
  return /^[1-9][0-9]{3}$/.test(postalCode);
}

interface AddressFields {
  country?: string;
  postalCode?: string;
  state?: string;
}

/**
 * An Austrian address has a four-digit postcode and, where a Bundesland is asked, one of the nine.
 * Empty fields stay allowed (they are optional); addresses abroad keep free text.
 */
export function checkAustrianAddress(address: AddressFields, ctx: z.RefinementCtx): void {
  if (!isAustria(address.country)) return;
  if (address.postalCode && !isAustrianPostalCode(address.postalCode)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: fieldTexts.austrianPostalCode });
  }
  if (address.state && !(austrianStates as readonly string[]).includes(address.state)) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: fieldTexts.austrianState });
  }
}
