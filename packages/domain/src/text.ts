import { z } from 'zod';
import { fieldTexts } from './texts/form-texts';

/**
 * What may be inside a string the portal stores or looks up. NUL made PostgreSQL answer 500 while
 * SQLite stored it; other control characters, lone surrogates (not encodable as UTF-8) and bidi
 * overrides (which make 'Anna‮ngis' read as something else) have no place in names either.
 */
const controlCharacters = /[\u0000-\u001F\u007F-\u009F]/;
/** Multi-line texts keep tab, line feed and carriage return. */
const controlCharactersExceptLineBreaks = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const bidiOverrides = /[\u202A-\u202E\u2066-\u2069]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Names, usernames, titles, addresses: one line, no control characters, no bidi overrides. */
export function isSafeSingleLine(value: string): boolean {
  return !controlCharacters.test(value) && !bidiOverrides.test(value) && !loneSurrogate.test(value);
}

/** Descriptions and messages: line breaks and tabs allowed, other control characters not. */
export function isSafeMultiLine(value: string): boolean {
  return !controlCharactersExceptLineBreaks.test(value) && !loneSurrogate.test(value);
}

/** Secrets are never shown, so only what cannot be encoded or stored is refused. */
export function isSafeSecret(value: string): boolean {
  return !controlCharacters.test(value) && !loneSurrogate.test(value);
}

/** A string of one line without forbidden characters; further checks (trim, length) chain on. */
export const singleLineString = () => z.string().refine(isSafeSingleLine, fieldTexts.forbiddenCharacters);

export const multiLineString = () => z.string().refine(isSafeMultiLine, fieldTexts.forbiddenCharacters);

export const secretString = () => z.string().refine(isSafeSecret, fieldTexts.forbiddenCharacters);
