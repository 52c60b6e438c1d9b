import { describe, expect, it } from 'vitest';
import { fileMessages } from '@bauakte/domain/texts';
import { de } from '../../i18n/de';
import { fileChoiceProblem, isIncomplete, titleAfterChoice, titleOfFileName } from './upload-form';

const fileNamed = (name: string) => new File(['x'], name);

describe('fileChoiceProblem (spec section 5)', () => {
  it('takes one jpg, jpeg, png or pdf, whatever the case of its extension', () => {
    for (const name of ['plan.pdf', 'foto.JPG', 'foto.jpeg', 'Ansicht.Png']) expect(fileChoiceProblem([fileNamed(name)])).toBeNull();
  });

  it('asks for a file when none came, for one when several came, and names the allowed extensions otherwise', () => {
    expect(fileChoiceProblem([])).toBe('Bitte wählen Sie eine Datei.');
    expect(fileChoiceProblem([fileNamed('a.pdf'), fileNamed('b.pdf')])).toBe('Bitte wählen Sie nur eine Datei.');
    for (const name of ['plan.docx', 'plan', 'plan.pdf.exe', 'gif.gif']) {
      expect(fileChoiceProblem([fileNamed(name)])).toBe('Ungültige Dateiendung. Erlaubt sind: JPG, JPEG, PNG und PDF.');
    }
  });

  it("checks the name by the server's rule for file names", () => {
    expect(fileChoiceProblem([fileNamed('Rechnung\u202Efdp.exe.pdf')])).toBe('Der Dateiname enthält unzulässige Zeichen (z. B. Steuerzeichen). Bitte benennen Sie die Datei um.');
    expect(fileChoiceProblem([fileNamed(`${'x'.repeat(252)}.pdf`)])).toBe('Der Dateiname ist zu lang: höchstens 255 Zeichen sind erlaubt. Bitte benennen Sie die Datei um.');
    expect(fileChoiceProblem([fileNamed(`${'x'.repeat(251)}.pdf`)])).toBeNull();
  });
});

describe('titleOfFileName', () => {
  it('drops the extension only', () => {
    expect(titleOfFileName('Grundriss EG.pdf')).toBe('Grundriss EG');
    expect(titleOfFileName('plan.v2.png')).toBe('plan.v2');
    expect(titleOfFileName('ohne')).toBe('ohne');
  });

  it('is composed (NFC) and no longer than a title may be', () => {
    expect(titleOfFileName('Pla\u0308ne.pdf')).toBe('Pl\u00e4ne');
    expect(titleOfFileName(`${'x'.repeat(251)}.pdf`)).toHaveLength(200);
  });
});

describe('titleAfterChoice', () => {
  it("follows the new file while the title is empty or still the previous file's name", () => {
    expect(titleAfterChoice('', '', 'Foto.jpg')).toBe('Foto');
    expect(titleAfterChoice('fake', 'fake', 'Baustelle.jpg')).toBe('Baustelle');
  });

  it('keeps a title the person typed', () => {
    expect(titleAfterChoice('Fassade Nord', 'fake', 'Baustelle.jpg')).toBe('Fassade Nord');
    expect(titleAfterChoice('Schnitt', '', 'Baustelle.jpg')).toBe('Schnitt');
  });
});

describe('isIncomplete', () => {
  const complete = { file: fileNamed('plan.pdf'), fileName: 'Plan', comment: '', refusal: null };

  it('needs a valid file, a non-blank title and a project', () => {
    expect(isIncomplete(complete, '7')).toBe(false);
    expect(isIncomplete(complete, null)).toBe(true);
    expect(isIncomplete({ ...complete, file: null }, '7')).toBe(true);
    expect(isIncomplete({ ...complete, file: fileNamed('plan.txt') }, '7')).toBe(true);
    expect(isIncomplete({ ...complete, fileName: '   ' }, '7')).toBe(true);
  });

  it('leaves a refused file to its own message', () => {
    expect(isIncomplete({ ...complete, file: null, refusal: de.files.badExtension }, '7')).toBe(false);
  });
});

describe('the spec texts of the upload', () => {
  it("are the same in the web app's catalogue as in the domain, which the server sends", () => {
    const { noFile, badExtension, badType, incomplete, uploadFailed } = de.files;
    expect({ noFile, badExtension, badType, incomplete, uploadFailed }).toEqual(fileMessages);
  });
});
