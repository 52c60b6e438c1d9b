/**
 * The username rule without zod, so the login page can filter input without loading the schema
 * library.
 *
 * A username consists of letters and digits. Letters are the ASCII letters, ß, and letters whose
 * canonical decomposition is an ASCII letter with accents (ä, ö, ü, é, č …): 'jürgen' is a name,
 * but Cyrillic 'а' or the dotless 'ı', which look like ASCII letters, are not, so no username can
 * pass for another. Usernames are stored in NFC, and two usernames that differ only in case,
 * accents or ß/ss are the same name (usernameKey), so 'Jürgen' cannot be created beside 'jurgen'.
 */
import { fieldTexts } from './texts/form-texts';

const usernameCharacters = /^(?:[A-Za-z0-9ß]|[A-Za-z][\u0300-\u036f]+)*$/;
const combiningMarks = /[\u0300-\u036f]/g;

export const usernameMaxLength = 50;

/** Shown beside every field where a username is chosen, before the first error. */
export const usernameRulesText = fieldTexts.usernameRules(usernameMaxLength);

/** The one written form of a username: NFC, so 'ü' typed or pasted in any composition is one name. */
export function normalizeUsername(value: string): string {
  return value.normalize('NFC');
}

/** Whether every character may appear in a username (the login page's input filter). */
export function isUsernameInput(value: string): boolean {
  return usernameCharacters.test(value.normalize('NFD'));
}

/** Whether the value is a complete username: at least one allowed character, within the length limit. */
export function isUsername(value: string): boolean {
  const normalized = normalizeUsername(value);
  return normalized.length > 0 && normalized.length <= usernameMaxLength && isUsernameInput(normalized);
}

/** What makes two usernames the same name: without case, accents and the ß/ss difference. */
export function usernameKey(value: string): string {
  return value.normalize('NFD').replace(combiningMarks, '').replace(/ß/g, 'ss').toLowerCase();
}

/** Whether two spellings name the same user ('Jürgen', 'jurgen'). */
export function sameUsername(a: string, b: string): boolean {
  return usernameKey(a) === usernameKey(b);
}
