import { describe, expect, it } from 'vitest';
import type { Profile } from '@bauakte/domain/schemas';
import { asksCurrentPassword, chosenPassword, needsCurrentPassword, passwordsDiffer, profileFormDefaults, profileFormSchema, toProfileUpdate } from './profile-form';

const profile: Profile = {
  username: 'mara',
  firstName: 'Mara',
  lastName: 'Berger',
  email: 'mara@example.at',
  phoneNumber: '',
  roles: ['ARCHI'],
  address: { street: 'Annenstraße', number: '12', city: 'Graz', state: 'Steiermark', postalCode: '8020', country: 'Österreich', municipality: 'Graz' },
};

const own = { profile, isOwn: true, passwordEntryOpen: true };
const defaults = profileFormDefaults(profile);

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

describe('the current password', () => {
  it('is asked for while a new password is typed or the e-mail address differs, on one’s own profile only', () => {
    expect(asksCurrentPassword(own, { newPassword: '', email: 'mara@example.at' })).toBe(false);
    expect(asksCurrentPassword(own, { newPassword: 'n', email: 'mara@example.at' })).toBe(true);
    expect(asksCurrentPassword(own, { newPassword: '', email: 'neu@example.at' })).toBe(true);
    expect(asksCurrentPassword({ ...own, isOwn: false }, { newPassword: 'n', email: 'neu@example.at' })).toBe(false);
  });

  it('is needed when the save changes the password or the address, not for a case or space difference', () => {
    const values = { newPassword: '', newPasswordRepeat: '', email: ' MARA@example.at ' };
    expect(needsCurrentPassword(own, values)).toBe(false);
    expect(needsCurrentPassword(own, { ...values, email: 'neu@example.at' })).toBe(true);
    expect(needsCurrentPassword(own, { ...values, newPassword: 'neues-passwort', newPasswordRepeat: 'neues-passwort' })).toBe(true);
    // Spec section 5: differing new passwords are not sent, so nothing needs confirming.
    expect(needsCurrentPassword(own, { ...values, newPassword: 'neues-passwort', newPasswordRepeat: 'anderes' })).toBe(false);
  });
});

describe('toProfileUpdate', () => {
  it('merges the edits into the original profile and adds the passwords only when they are needed', () => {
    const values = { ...defaults, firstName: ' Marie ', address: { ...profile.address, city: 'Wien' } };
    const update = toProfileUpdate(own, values);
    expect(update).toEqual({ ...profile, firstName: 'Marie', address: { ...profile.address, city: 'Wien' } });
    expect('password' in update).toBe(false);
    expect('currentPassword' in update).toBe(false);
    const withPassword = toProfileUpdate(own, { ...values, newPassword: 'neues-passwort', newPasswordRepeat: 'neues-passwort', currentPassword: 'altes-passwort' });
    expect(withPassword).toMatchObject({ password: 'neues-passwort', currentPassword: 'altes-passwort' });
  });

  it('sends only the fields of the request, whatever else the stored profile carries', () => {
    const stored = { ...profile, id: 3, address: { ...profile.address, lat: 47.07 } } as Profile;
    const update = toProfileUpdate({ ...own, profile: stored }, profileFormDefaults(stored));
    expect(Object.keys(update).sort()).toEqual(['address', 'email', 'firstName', 'lastName', 'phoneNumber', 'roles', 'username']);
    expect(Object.keys(update.address ?? {}).sort()).toEqual(['city', 'country', 'municipality', 'number', 'postalCode', 'state', 'street']);
  });
});

describe('profileFormSchema', () => {
  it('refuses a changed e-mail address without the current password, and takes it with one', async () => {
    const schema = profileFormSchema({ ...own, passwordEntryOpen: false });
    const changed = { ...defaults, email: 'neu@example.at' };
    const refused = await schema.safeParseAsync(changed);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['currentPassword'], message: 'Bitte geben Sie Ihr aktuelles Passwort ein.' })]);
    const taken = await schema.safeParseAsync({ ...changed, currentPassword: 'altes-passwort' });
    expect(taken.data).toMatchObject({ email: 'neu@example.at', currentPassword: 'altes-passwort' });
  });

  it('refuses a guessable new password with the German text, and takes a strong one', async () => {
    const schema = profileFormSchema(own);
    const weak = await schema.safeParseAsync({ ...defaults, newPassword: 'passwort1', newPasswordRepeat: 'passwort1', currentPassword: 'x' });
    expect(weak.error?.issues.map((issue) => issue.message)).toEqual([
      'Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie ein längeres oder ungewöhnlicheres Passwort.',
    ]);
    const strong = await schema.safeParseAsync({ ...defaults, newPassword: 'Kaffee-Tasse-Mond-42', newPasswordRepeat: 'Kaffee-Tasse-Mond-42', currentPassword: 'x' });
    expect(strong.data).toMatchObject({ password: 'Kaffee-Tasse-Mond-42', currentPassword: 'x' });
  });
});
