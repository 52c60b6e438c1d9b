import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-file-name';

const address = { street: 'Mühlgasse', number: '12/3/5', city: 'Gmünd' };

describe('exportFileName', () => {
  it('names the export projekt_{id} after the project, keeping umlauts and making the rest safe for any file system', () => {
    expect(exportFileName({ id: 7, name: 'Sanierung Mühlgasse „Altbau“ – Größl', address }, 'pdf')).toBe('projekt_7_Sanierung_Mühlgasse_Altbau_Größl.pdf');
    expect(exportFileName({ id: 7, name: '../Haus 1.OG: Dach/Keller?', address }, 'json')).toBe('projekt_7_Haus_1.OG_Dach_Keller.json');
    // Decomposed as a Mac types it, composed in the name.
    expect(exportFileName({ id: 7, name: 'Ka\u0308rnten', address }, 'pdf')).toBe('projekt_7_K\u00e4rnten.pdf');
  });

  it('takes the address where the name leaves nothing, and projekt_{id} where neither does', () => {
    expect(exportFileName({ id: 7, name: '„…“', address }, 'pdf')).toBe('projekt_7_Mühlgasse_12_3_5_Gmünd.pdf');
    expect(exportFileName({ id: 7, name: '***', address: { street: '', number: '', city: '' } }, 'json')).toBe('projekt_7.json');
  });

  it('keeps a long name within 80 characters', () => {
    const name = exportFileName({ id: 7, name: 'Sanierung '.repeat(20), address }, 'pdf');
    expect(Array.from(name.replace(/^projekt_7_/, '').replace(/\.pdf$/, '')).length).toBeLessThanOrEqual(80);
    expect(name).toMatch(/^projekt_7_Sanierung_Sanierung_.*Sanierung\.pdf$/);
  });
});
