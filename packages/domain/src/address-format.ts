// No imports: lists, the project page and the PDF export write addresses the same way.

interface AddressParts {
  street: string;
  number: string;
  city: string;
  country: string;
  postalCode?: string;
}

/** 'Annenstraße 12, 8020 Graz, Österreich', leaving out what is empty; '' when nothing is known. */
export function formatAddress({ street, number, city, country, postalCode = '' }: AddressParts): string {
  const streetLine = [street, number].filter(Boolean).join(' ');
  const cityLine = [postalCode, city].filter(Boolean).join(' ');
  return [streetLine, cityLine, country].filter(Boolean).join(', ');
}

/** Austrian cadastral municipalities have five-digit numbers; the leading zero belongs to it (01004). */
export function formatKatastral(katastral: number | null): string | null {
  return katastral === null ? null : String(katastral).padStart(5, '0');
}
