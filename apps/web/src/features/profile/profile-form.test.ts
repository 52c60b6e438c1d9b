import { describe, expect, it } from 'vitest';
import type { Profile } from '@bauakte/domain';
import { chosenPassword, passwordsDiffer, profileFormDefaults, toProfileUpdate } from './profile-form';

const profile: Profile = {
  username: 'mara',
  firstName: 'Mara',
  lastName: 'Berger',
  email: 'mara@example.at',
  phoneNumber: '',
  roles: ['ARCHI'],
  address: { street: 'Annenstraße', number: '12', city: 'Graz', state: 'Steiermark', postalCode: '8020', country: 'Österreich', municipality: 'Graz' },
};

describe('chosenPassword', () => {
  it('is the new password only when the entry is open and both fields are equal and filled', () => {
    expect(chosenPassword({ newPassword: 'neues-passwort', newPasswordRepeat: 'neues-passwort' }, true)).toBe('neues-passwort');
    expect(chosenPassword({ newPassword: 'neues-passwort', newPasswordRepeat: 'neues-passwort!' }, true)).toBeUndefined();
    expect(chosenPassword({ newPassword: '', newPasswordRepeat: '' }, true)).toBeUndefined();
    expect(chosenPassword({ newPassword: 'neues-passwort', newPasswordRepeat: 'neues-passwort' }, false)).toBeUndefined();
  });
});

describe('passwordsDiffer', () => {
  it('is true once something was typed and the two fields differ', () => {
    expect(passwordsDiffer({ newPassword: '', newPasswordRepeat: '' })).toBe(false);
    expect(passwordsDiffer({ newPassword: 'a', newPasswordRepeat: '' })).toBe(true);
    expect(passwordsDiffer({ newPassword: 'ab', newPasswordRepeat: 'ab' })).toBe(false);
  });
});

describe('toProfileUpdate', () => {
  it('merges the edits into the original profile and adds the password only when chosen', () => {
    const values = { ...profileFormDefaults(profile), firstName: ' Marie ', address: { ...profile.address, city: 'Wien' } };
    const update = toProfileUpdate(profile, values, undefined);
    expect(update).toEqual({ ...profile, firstName: 'Marie', address: { ...profile.address, city: 'Wien' } });
    expect('password' in update).toBe(false);
    expect(toProfileUpdate(profile, values, 'neues-passwort').password).toBe('neues-passwort');
  });
});
