import { describe, expect, it } from 'vitest';
import { originalFileNameSchema } from './files';

const forbidden = 'Der Dateiname enthält unzulässige Zeichen (z. B. Steuerzeichen). Bitte benennen Sie die Datei um.';

describe('original file names', () => {
  it.each([
    ['NUL', 'plan\u0000.pdf'],
    ['a carriage return and line feed', 'plan\r\n.pdf'],
    ['a line feed', 'plan\n.pdf'],
    ['a right-to-left override', 'Rechnung\u202Efdp.exe'],
    ['a first-strong isolate', 'plan\u2068.pdf'],
  ])('refuses %s', (_what, name) => {
    expect(originalFileNameSchema.safeParse(name).error?.issues[0]?.message).toBe(forbidden);
  });

  it('stores the composed form (NFC) and allows 255 characters, not 256', () => {
    expect(originalFileNameSchema.parse('Pla\u0308ne.pdf')).toBe('Pl\u00e4ne.pdf');
    expect(originalFileNameSchema.parse(`${'x'.repeat(251)}.pdf`)).toHaveLength(255);
    expect(originalFileNameSchema.safeParse(`${'x'.repeat(252)}.pdf`).error?.issues[0]?.message).toBe(
      'Der Dateiname ist zu lang: höchstens 255 Zeichen sind erlaubt. Bitte benennen Sie die Datei um.',
    );
  });

  it('counts the length of the composed form', () => {
    // 250 letters with a combining mark each are 500 code units typed, 250 characters stored.
    expect(originalFileNameSchema.parse(`${'a\u0308'.repeat(250)}.pdf`)).toHaveLength(254);
  });
});
