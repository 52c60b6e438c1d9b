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
