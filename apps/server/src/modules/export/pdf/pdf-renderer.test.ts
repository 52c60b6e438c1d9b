import { afterEach, describe, expect, it } from 'vitest';
import { exportSchemaVersion, type ProjectExport } from '@bauakte/domain';
import { pdfText } from '../../../test/pdf-text';
import { createPdfRenderer, type PdfRenderer, type PdfRenderInput } from './pdf-renderer';

const logged: unknown[][] = [];
const aborted =
  'Der PDF-Export wurde abgebrochen, weil er zu lange gedauert oder zu viel Speicher gebraucht hat. Bitte versuchen Sie es später erneut oder exportieren Sie das Projekt als JSON.';
const log = { error: (...args: unknown[]) => void logged.push(args) };

function input(name: string, description = ''): PdfRenderInput {
  const document: ProjectExport = {
    schemaVersion: exportSchemaVersion,
    exportedAt: '2026-11-23T09:30:00.000Z',
    project: { id: 7, name, description, assignedUser: null, creationName: 'mara', progress: 0, status: 'NEW', address: { street: '', number: '', city: '', katastral: null, katastralCode: null, postalCode: '', country: '' } },
    customer: null,
    architect: null,
    questionnaire: { general: null, storeys: null, windows: null, heating: null },
    progress: 0,
    status: 'NEW',
    files: [],
    questionPhotos: [],
    followUps: [],
  };
  return { document, changes: [], previewKeys: [], photoKeys: [], store: { s3: undefined, dataDir: '/nonexistent' } };
}

/** 50 files whose title, file name and comment have no space to break at, as long as they may be. */
function longNamedFiles(): ProjectExport['files'] {
  return Array.from({ length: 50 }, (_, index) => ({
    name: `Titel${index}-${'W'.repeat(200 - 6 - String(index).length)}`,
    comment: `Kommentar${'x'.repeat(246)}`,
    fileName: `Plan${index}-${'m'.repeat(251 - 6 - 2 * String(index).length)}-${index}.pdf`,
    documentType: 'PDF',
    contentType: 'application/pdf',
    size: 2048,
    uploadedBy: 'Mara Berger',
    uploadedAt: '2026-11-20T08:00:00.000Z',
    version: 1,
    versions: [],
    pins: [],
  }));
}

/** An exported pin's item fields as a new pin has them. */
const openItem = { status: 'OFFEN' as const, kind: 'INFORMATION' as const, responsible: null, dueDate: null, carriedFrom: null, statusHistory: [], replies: [] };

// The processes' idle priority has its own test (process-pool.test.ts); here they run at the normal
// one, so that a machine busy with other work slows these tests instead of starving them.
const priority = 'normal';

describe('pdf renderer (export processes)', () => {
  let renderer: PdfRenderer | undefined;
  afterEach(async () => renderer?.close());

  it('lays out PDFs in child processes, one after another and side by side', async () => {
    renderer = createPdfRenderer({ log, priority, processes: 2 });
    const pdfs = await Promise.all(['Erstes Projekt', 'Zweites Projekt', 'Drittes Projekt'].map((name) => renderer!.render(input(name))));
    const texts = await Promise.all(pdfs.map(async (pdf) => (await pdfText(pdf)).text));
    expect(texts[0]).toContain('Erstes Projekt');
    expect(texts[2]).toContain('Drittes Projekt');
    expect(texts[1]).toContain(`Exportiert am 23. November 2026 um 10:30 · Exportschema Version ${exportSchemaVersion}`);
  });

  it("names a plan's version when it is not the first", async () => {
    renderer = createPdfRenderer({ log, priority, processes: 1 });
    const plain = input('Versionen');
    const plan = (name: string, version: number): ProjectExport['files'][number] => ({
      name, comment: '', fileName: `${name}.pdf`, documentType: 'PDF', contentType: 'application/pdf', size: 2048,
      uploadedBy: 'Mara Berger', uploadedAt: '2026-11-20T08:00:00.000Z', version, versions: [], pins: [],
    });
    const { text } = await pdfText(await renderer.render({ ...plain, document: { ...plain.document, files: [plan('Grundriss', 3), plan('Schnitt', 1)] } }));
    expect(text).toContain('Version 3 · PDF');
    expect(text).not.toContain('Version 1');
  });

  it('lists a plan\'s pins under it and never leaves the files\' heading alone at the bottom of a page', async () => {
    renderer = createPdfRenderer({ log, priority, processes: 1 });
    const plain = input('Markierungen');
    const pins = Array.from({ length: 25 }, (_, index) => ({
      number: index + 1, version: 1, page: 1, x: 0.5, y: 0.5, comment: `Stelle ${index + 1}`, photo: null, photos: [], createdBy: 'Klara Kundin', createdAt: '2026-11-27T08:00:00.000Z', ...openItem,
    }));
    const plan: ProjectExport['files'][number] = {
      name: 'Grundriss', comment: '', fileName: 'grundriss.pdf', documentType: 'PDF', contentType: 'application/pdf', size: 2048,
      uploadedBy: 'Mara Berger', uploadedAt: '2026-11-20T08:00:00.000Z', version: 1, versions: [], pins,
    };
    const { pages } = await pdfText(await renderer.render({ ...plain, document: { ...plain.document, files: [plan] } }));
    const withHeading = pages.find((page) => page.includes('Dateien (1)'));
    expect(withHeading).toContain('Grundriss');
    expect(withHeading).toContain('Punkt 25 · Version 1 · Information · Offen: Stelle 25');
  });

  it('lists each item once, on the newest version it lies on, naming its version and the one it was carried from', async () => {
    renderer = createPdfRenderer({ log, priority, processes: 1 });
    const plain = input('Übernommene Punkte');
    const origin = { number: 3, version: 1, page: 1, x: 0.5, y: 0.5, comment: 'Riss im Putz', photo: null, photos: [], createdBy: 'Klara Kundin', createdAt: '2026-11-27T08:00:00.000Z', ...openItem };
    const carried = { ...origin, number: 1, version: 2, kind: 'MANGEL' as const, responsible: 'Klara Kundin', dueDate: '2026-12-10', carriedFrom: { version: 1, number: 3 } };
    const plan: ProjectExport['files'][number] = {
      name: 'Grundriss', comment: '', fileName: 'grundriss.pdf', documentType: 'PDF', contentType: 'application/pdf', size: 2048,
      uploadedBy: 'Mara Berger', uploadedAt: '2026-11-20T08:00:00.000Z', version: 2, versions: [], pins: [carried, origin],
    };
    const { text } = await pdfText(await renderer.render({ ...plain, document: { ...plain.document, files: [plan] } }));
    // The line wraps in the column: read as one.
    expect(text.replace(/\s+/g, ' ')).toContain('Punkt 1 · Version 2 · übernommen aus Version 1 · Mangel · Offen · Zuständig: Klara Kundin · fällig 10.12.2026: Riss im Putz');
    expect(text).not.toContain('Punkt 3');
  });

  it('wraps file titles and names without a space inside the column, each file whole on one page', async () => {
    renderer = createPdfRenderer({ log, priority, processes: 1 });
    const long = input(`Projekt${'Ä'.repeat(193)}`);
    const { pages } = await pdfText(await renderer.render({ ...long, document: { ...long.document, files: longNamedFiles() } }));
    for (let index = 0; index < 50; index += 1) {
      const page = pages.find((text) => text.includes(`Titel${index}-WWWWWWWWWWWWWWWWWWWW`));
      expect(page, `file ${index}`).toBeDefined();
      // The row's last line too: a row measured too short ran past the page's end onto a page of its own.
      expect(page).toContain(`Datei: Plan${index}-mmmmmmmmmmmmmmmmmmmm`);
      expect(page).toContain(`m-${index}.pdf`);
    }
  });

  it('refuses with 503 once the queue is full instead of piling work up', async () => {
    renderer = createPdfRenderer({ log, priority, processes: 1, maxQueue: 1 });
    const running = renderer.render(input('Läuft'));
    const waiting = renderer.render(input('Wartet'));
    await expect(renderer.render(input('Zu viel'))).rejects.toMatchObject({
      statusCode: 503,
      code: 'EXPORT_BUSY',
      message: 'Gerade werden zu viele Exporte erstellt. Bitte versuchen Sie es in Kürze erneut.',
      headers: { 'retry-after': '60' },
    });
    await expect(running).resolves.toBeInstanceOf(Buffer);
    await expect(waiting).resolves.toBeInstanceOf(Buffer);
  });

  it('stops a job that takes too long with a German error, and the next export works again', async () => {
    renderer = createPdfRenderer({ log, priority, processes: 1, timeoutMs: 1 });
    await expect(renderer.render(input('Zu langsam'))).rejects.toMatchObject({ statusCode: 503, code: 'EXPORT_ABORTED', message: aborted });
    await renderer.close();
    renderer = createPdfRenderer({ log, priority, processes: 1 });
    expect((await pdfText(await renderer.render(input('Wieder da')))).text).toContain('Wieder da');
  });

  it('answers the German error when a PDF cannot be made, logs why, and makes the next one', async () => {
    renderer = createPdfRenderer({ log, priority, processes: 1 });
    const broken = { ...input('Kaputt'), document: { ...input('Kaputt').document, files: [null] } } as unknown as PdfRenderInput;
    await expect(renderer.render(broken)).rejects.toMatchObject({
      statusCode: 500,
      code: 'EXPORT_FAILED',
      message: 'Der Export konnte nicht erstellt werden. Bitte versuchen Sie es später erneut.',
    });
    expect(logged.map((entry) => String((entry[0] as { err?: unknown }).err))).toContainEqual(expect.stringContaining('TypeError'));
    expect((await pdfText(await renderer.render(input('Danach')))).text).toContain('Danach');
  });

  it('survives an export that outgrows its memory limit: only that export fails, the next one is made', async () => {
    renderer = createPdfRenderer({ log, priority, processes: 1, maxHeapMb: 64 });
    // About 60 MB of description: more than a 64 MB heap can lay out.
    await expect(renderer.render(input('Riesig', 'Sehr lange Beschreibung. '.repeat(2_500_000)))).rejects.toMatchObject({ statusCode: 503, code: 'EXPORT_ABORTED', message: aborted });
    expect(logged.map((entry) => String((entry[0] as { stderr?: unknown }).stderr))).toContainEqual(expect.stringMatching(/heap/i));
    expect((await pdfText(await renderer.render(input('Danach')))).text).toContain('Danach');
  });
});
