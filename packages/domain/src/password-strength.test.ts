import { describe, expect, it } from 'vitest';
import { estimatePasswordStrength, personalWords } from './password-strength';

describe('password strength', () => {
  it.each(['12345678', 'password', 'passwort', 'aaaaaaaa', 'qwertzui', 'Passwort1'])('refuses the common password %s', async (password) => {
    const strength = await estimatePasswordStrength(password);
    expect(strength.acceptable).toBe(false);
  });

  it('refuses the username repeated and explains why in German', async () => {
    const strength = await estimatePasswordStrength('maramaramara', personalWords({ username: 'mara', email: 'mara@example.at' }));
    expect(strength.acceptable).toBe(false);
    expect(strength.warning).toMatch(/wiederholende/);
  });

  it.each(['Kaffee-Tasse-Mond-42', 'grüne-Wiese-17', 'Dachboden!Fenster9'])('accepts %s', async (password) => {
    expect((await estimatePasswordStrength(password)).acceptable).toBe(true);
  });

  it('takes the person\'s own names and address parts as words to avoid', () => {
    expect(personalWords({ username: 'mara', firstName: 'Mara', lastName: '', email: 'm.huber@example.at' })).toEqual([
      'mara',
      'Mara',
      'm.huber@example.at',
      'm.huber',
    ]);
  });
});
