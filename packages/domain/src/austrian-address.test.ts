import { describe, expect, it } from 'vitest';
import { customerAddressSchema } from './customers';
import { profileAddressSchema } from './profile';
import { projectAddressSchema } from './projects';

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('/')}: ${issue.message}`);

describe('Austrian addresses', () => {
  it('need a four-digit postcode when the country is Austria or not given', () => {
    for (const country of ['Österreich', 'AT', 'Austria', '']) {
      expect(projectAddressSchema.safeParse({ postalCode: '1060', country }).success, country).toBe(true);
      expect(issuesOf(projectAddressSchema.safeParse({ postalCode: '106', country })), country).toEqual([
        'postalCode: Österreichische Postleitzahlen haben vier Ziffern, z. B. 1060.',
      ]);
    }
    expect(customerAddressSchema.safeParse({ postalCode: '01060', country: 'Österreich' }).success).toBe(false);
    expect(customerAddressSchema.safeParse({ postalCode: 'A-1060' }).success).toBe(false);
  });

  it('leave the postcode optional and free for addresses abroad', () => {
    expect(customerAddressSchema.safeParse({ postalCode: '', country: 'Österreich' }).success).toBe(true);
    expect(customerAddressSchema.safeParse({ postalCode: '80331', country: 'Deutschland' }).success).toBe(true);
    expect(customerAddressSchema.safeParse({ postalCode: 'SW1A 1AA', country: 'Vereinigtes Königreich' }).success).toBe(true);
  });

  it('take one of the nine Bundesländer in Austria, any region abroad', () => {
    expect(profileAddressSchema.safeParse({ state: 'Kärnten', postalCode: '9020', country: 'Österreich' }).success).toBe(true);
    expect(issuesOf(profileAddressSchema.safeParse({ state: 'Bayern', country: 'Österreich' }))).toEqual([
      'state: Bitte wählen Sie eines der neun Bundesländer.',
    ]);
    expect(profileAddressSchema.safeParse({ state: 'Bayern', postalCode: '80331', country: 'Deutschland' }).success).toBe(true);
  });
});
