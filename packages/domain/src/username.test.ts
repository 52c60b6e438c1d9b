import { describe, expect, it } from 'vitest';
import { isUsernameInput, pathUsernameSchema, usernameKey, usernameSchema } from './username';

describe('usernames', () => {
  it('counts umlauts, ß and accented Latin letters as letters', () => {
    for (const name of ['jürgen', 'Jürgen', 'Öztürk', 'Straßer', 'Dvořák', 'Zoë2', 'maria']) {
      expect(usernameSchema.safeParse(name).success, name).toBe(true);
    }
  });

  it('refuses look-alike letters from other scripts, spaces and signs', () => {
    // Cyrillic 'а', Greek 'ο', the dotless 'ı', a full-width 'Ａ', a ligature, a space, a dot, an emoji.
    for (const name of ['mаria', 'hοfer', 'kadır', 'Ａnna', 'ﬁscher', 'maria gruber', 'm.gruber', 'anna😀']) {
      expect(usernameSchema.safeParse(name).success, name).toBe(false);
    }
    expect(usernameSchema.safeParse('mаria').error?.issues[0]?.message).toBe('Der Benutzername darf nur Buchstaben und Ziffern enthalten.');
  });

  it('stores one written form: a decomposed ü becomes the composed one', () => {
    const decomposed = 'ju\u0308rgen';
    expect(usernameSchema.parse(decomposed)).toBe('jürgen');
    expect(usernameSchema.parse(decomposed).length).toBe(6);
    expect(pathUsernameSchema.parse(decomposed)).toBe('jürgen');
  });

  it('counts the length in composed characters', () => {
    expect(usernameSchema.safeParse('ü'.repeat(50)).success).toBe(true);
    expect(usernameSchema.safeParse('u\u0308'.repeat(50)).success).toBe(true);
    expect(usernameSchema.safeParse('ü'.repeat(51)).success).toBe(false);
  });

  it('treats names that differ only in case, accents or ß/ss as the same name', () => {
    expect(usernameKey('Jürgen')).toBe(usernameKey('jurgen'));
    expect(usernameKey('JÜRGEN')).toBe(usernameKey('ju\u0308rgen'));
    expect(usernameKey('Straßer')).toBe(usernameKey('strasser'));
    expect(usernameKey('anna')).not.toBe(usernameKey('anne'));
  });

  it('lets the login filter accept what a username may hold, character by character', () => {
    expect(isUsernameInput('')).toBe(true);
    expect(isUsernameInput('jür')).toBe(true);
    expect(isUsernameInput('jür-')).toBe(false);
  });

  it('answers null for a path that cannot name anyone', () => {
    expect(pathUsernameSchema.parse('a'.repeat(51))).toBeNull();
    expect(pathUsernameSchema.parse('')).toBeNull();
    expect(pathUsernameSchema.parse('mаria')).toBeNull();
  });
});
