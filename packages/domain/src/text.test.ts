import { describe, expect, it } from 'vitest';
import { emailSchema, multiLineText, passwordSchema, requestObject, requiredText } from './fields';
import { loginRequestSchema } from './auth';
import { createProjectRequestSchema } from './projects';
import { pathIdSchema } from './ids';
import { isSafeMultiLine, isSafeSingleLine } from './text';
import { pathUsernameSchema } from './username';

const forbidden = 'Der Text enthält unzulässige Zeichen (z. B. Steuerzeichen).';

describe('text rules', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001Bb'],
    ['tab', 'a\tb'],
    ['line feed', 'a\nb'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', 'Anna\u202Engis'],
    ['a left-to-right isolate', 'a\u2066b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', 'a\uDC00b'],
  ])('refuses %s in names and titles', (_name, value) => {
    expect(isSafeSingleLine(value)).toBe(false);
    expect(requiredText(100).safeParse(value).error?.issues[0]?.message).toBe(forbidden);
  });

  it('accepts umlauts, accents, emoji and right-to-left letters', () => {
    for (const value of ['Grundriss Erdgeschoß', 'Müller-Lüdenscheidt', 'Zoë 🏠', 'שלום']) {
      expect(isSafeSingleLine(value)).toBe(true);
    }
  });

  it('keeps tab and line breaks in multi-line texts and refuses the other control characters', () => {
    expect(isSafeMultiLine('Zeile 1\r\nZeile 2\tEnde')).toBe(true);
    expect(multiLineText(100).safeParse('Zeile\u0000').success).toBe(false);
    expect(multiLineText(100).safeParse('Zeile\u000B').success).toBe(false);
  });

  it('refuses NUL in login fields, e-mail addresses and passwords', () => {
    expect(loginRequestSchema.safeParse({ username: 'a\u0000b', password: 'x' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: 'ab', password: 'x\u0000' }).success).toBe(false);
    expect(emailSchema.safeParse('a\u0000@example.at').success).toBe(false);
    expect(passwordSchema.safeParse('lang-genug\u0000').success).toBe(false);
  });
});

describe('request objects', () => {
  const schema = requestObject({ name: requiredText(10) });

  it('refuses unknown fields and names them', () => {
    expect(schema.safeParse({ name: 'a', nmae: 'b' }).error?.issues).toMatchObject([{ message: 'Unbekanntes Feld: nmae' }]);
    expect(createProjectRequestSchema.safeParse({ name: 'P', colour: 'rot', size: 1 }).error?.issues).toMatchObject([
      { message: 'Unbekannte Felder: colour, size' },
    ]);
  });

  it.each([null, [], 'text', 5, true])('refuses %j as a body in German', (body) => {
    expect(schema.safeParse(body).error?.issues).toMatchObject([{ path: [], message: 'Erwartet wird ein JSON-Objekt.' }]);
  });
});

describe('ids and usernames in a path', () => {
  it.each(['1', '42', '2147483647'])('reads %s as an id', (value) => {
    expect(pathIdSchema.parse(value)).toBe(Number(value));
  });

  it.each(['0x1', '1e0', ' 1', '1 ', '01', '0', '-1', '1.0', '', 'abc', '2147483648', '99999999999'])('reads %j as no id', (value) => {
    expect(pathIdSchema.parse(value)).toBeNull();
  });

  it('reads anything that cannot be a username as nobody', () => {
    expect(pathUsernameSchema.parse('mara')).toBe('mara');
    for (const value of ['a\u0000b', 'ma ra', 'x'.repeat(51), '', 'm\u0430ra']) expect(pathUsernameSchema.parse(value)).toBeNull();
  });
});
