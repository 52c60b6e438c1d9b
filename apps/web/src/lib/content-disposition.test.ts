import { describe, expect, it } from 'vitest';
import { fileNameOfDisposition } from './content-disposition';

describe('fileNameOfDisposition', () => {
  it("prefers the exact filename* over the ASCII fallback, as the server sends both", () => {
    expect(fileNameOfDisposition(`attachment; filename="Grundriss Erdgescho_.pdf"; filename*=UTF-8''Grundriss%20Erdgescho%C3%9F.pdf`)).toBe('Grundriss Erdgeschoß.pdf');
    expect(fileNameOfDisposition(`attachment; filename="projekt_7.pdf"; filename*=UTF-8''projekt_7.pdf`)).toBe('projekt_7.pdf');
  });

  it('reads a plain filename, quoted or not', () => {
    expect(fileNameOfDisposition('attachment; filename="projekt_12.json"')).toBe('projekt_12.json');
    expect(fileNameOfDisposition('attachment; filename=projekt_12.json')).toBe('projekt_12.json');
    expect(fileNameOfDisposition('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
  });

  it('falls back to the plain name when filename* is broken', () => {
    expect(fileNameOfDisposition(`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('x.pdf');
  });

  it('gives no name without a header or a filename, and never a folder', () => {
    expect(fileNameOfDisposition(null)).toBeUndefined();
    expect(fileNameOfDisposition('attachment')).toBeUndefined();
    expect(fileNameOfDisposition('attachment; filename=""')).toBeUndefined();
    expect(fileNameOfDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });
});
