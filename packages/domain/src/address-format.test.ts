import { describe, expect, it } from 'vitest';
import { formatAddress, formatKatastral } from './address-format';

describe('addresses as people read them', () => {
  it('joins street, place and country, leaving out what is empty', () => {
    expect(formatAddress({ street: 'Mühlgasse', number: '12/3/5', postalCode: '3950', city: 'Gmünd', country: 'Österreich' })).toBe('Mühlgasse 12/3/5, 3950 Gmünd, Österreich');
    expect(formatAddress({ street: '', number: '', city: 'Graz', country: '' })).toBe('Graz');
    expect(formatAddress({ street: '', number: '', city: '', country: '' })).toBe('');
  });

  it('writes the cadastral number with five digits', () => {
    expect(formatKatastral(1004)).toBe('01004');
    expect(formatKatastral(45203)).toBe('45203');
    expect(formatKatastral(null)).toBeNull();
  });
});
