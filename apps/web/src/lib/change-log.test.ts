import { describe, expect, it } from 'vitest';
import { answerText, changedAtText, changedFieldLabel, shortComment } from './change-log';

describe('change log texts', () => {
  it('names a changed field by its German question', () => {
    expect(changedFieldLabel('roof.roofType')).toBe('Dachform');
    expect(changedFieldLabel('buildingtype')).toBe('Gebäudetyp');
    expect(changedFieldLabel('sealevel')).toBe('Seehöhe');
    expect(changedFieldLabel('katastral')).toBe('Katastralgemeinde (KG-Nr.)');
    expect(changedFieldLabel('unbekannt')).toBe('Angabe „unbekannt“');
  });

  it('shows answers as a person reads them', () => {
    expect(answerText('fuelType', 'WOOD')).toBe('Pellets');
    expect(answerText('roof.roofType', 'SATTELDACH')).toBe('Satteldach');
    expect(answerText('isRenovated', true)).toBe('Ja');
    expect(answerText('isRenovated', false)).toBe('Nein');
    expect(answerText('constructionYear', 1962)).toBe('1962');
    expect(answerText('numberOfStoreys', '3')).toBe('3');
    expect(answerText('direction', null)).toBe('–');
  });

  it('gives the time in Austria', () => {
    expect(changedAtText('2026-11-21T13:05:00.000Z')).toBe('21.11.2026, 14:05');
    expect(changedAtText('2026-07-01T08:00:00.000Z')).toBe('01.07.2026, 10:00');
  });

  it("shortens a pin's comment to one line of at most 80 characters", () => {
    expect(shortComment('Riss\nlinks  vom Fenster')).toBe('Riss links vom Fenster');
    const long = shortComment('Wand '.repeat(30));
    expect(long).toHaveLength(80);
    expect(long.endsWith('Wand…')).toBe(true);
  });
});
