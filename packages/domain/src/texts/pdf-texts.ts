import { roleLabels } from '../roles';
import { dueDateText, pinKindLabels, pinStatusLabels, type PinKind, type PinStatus } from '../pin-items';

/** An item's photos by their titles after its comment: ' — Foto: A', ' — Fotos: A, B'. */
const photosText = (titles: readonly string[]) => (titles.length === 0 ? '' : ` — ${titles.length === 1 ? 'Foto' : 'Fotos'}: ${titles.join(', ')}`);
import { sharedTexts } from './shared-texts';

/** The project export as PDF: headings, row labels and notes, in the order the document shows them. */
export const pdfTexts = {
  /** The document's properties, as a PDF viewer lists them. */
  info: {
    title: (projectName: string) => `Projektexport: ${projectName}`,
    subject: (projectId: number) => `Bauakte – Projekt ${projectId}`,
    keywords: 'Bauakte, Projektexport, Fragebogen',
    /** Author and creator when no architect is named. */
    portal: 'Bauakte',
  },
  kicker: 'PROJEKTEXPORT',
  katastral: (number: string) => `KG-Nr. ${number}`,
  status: (label: string) => `Status: ${label}`,
  progress: (percent: number, answered: number, total: number) => `${percent} % · ${answered} von ${total} Fragen beantwortet`,
  /** A row whose value is blank. */
  notSpecified: 'Nicht angegeben',
  project: {
    heading: 'Projekt',
    name: 'Projektname',
    street: 'Straße und Hausnummer',
    place: 'PLZ und Ort',
    country: 'Land',
    katastral: 'Katastralgemeinde (KG-Nr.)',
    status: 'Status',
    progress: 'Fortschritt des Fragebogens',
    description: 'Beschreibung',
    noDescription: 'Keine Beschreibung.',
  },
  people: {
    heading: 'Beteiligte',
    customer: roleLabels.CLIENT,
    architect: roleLabels.ARCHI,
    name: 'Name',
    unassigned: sharedTexts.unassigned,
    username: 'Benutzername',
    email: 'E-Mail',
    phone: 'Telefon',
  },
  questionnaire: {
    heading: 'Fragebogen',
    answered: (answered: number, total: number) => `${answered} von ${total} beantwortet`,
    followUps: 'Rückfragen',
    /** 'Offen · Mara Berger: Stimmt das Baujahr?' and, once answered, '… — Antwort von Klara Kundin: Ja.' */
    followUp: (item: { status: string; by: string; note: string; answer: string | null; answeredBy: string | null }) =>
      `${item.status} · ${item.by}: ${item.note}${item.answer === null ? '' : ` — Antwort von ${item.answeredBy ?? ''}: ${item.answer}`}`,
  },
  files: {
    heading: (count: number) => `Dateien (${count})`,
    none: 'Es wurden noch keine Dateien hochgeladen.',
    fileName: (name: string) => `Datei: ${name}`,
    version: (version: number) => `Version ${version}`,
    more: (count: number) => `… und ${count} weitere Dateien. Die vollständige Liste enthält der JSON-Export.`,
    /** 'Punkt 3 · Version 2 · übernommen aus Version 1 · Mangel · Offen · Zuständig: Klara Kundin · fällig 10.12.2026: …' */
    pin: (item: { number: number; version: number; carriedFromVersion: number | null; kind: PinKind; status: PinStatus; responsible: string | null; dueDate: string | null; comment: string; photo: string | null; photos?: string[] }) =>
      [
        `Punkt ${item.number}`,
        `Version ${item.version}`,
        item.carriedFromVersion === null ? null : `übernommen aus Version ${item.carriedFromVersion}`,
        pinKindLabels[item.kind],
        pinStatusLabels[item.status],
        item.responsible === null ? null : `Zuständig: ${item.responsible}`,
        item.dueDate === null ? null : `fällig ${dueDateText(item.dueDate)}`,
      ]
        .filter((part) => part !== null)
        .join(' · ') + `: ${item.comment}${photosText(item.photos ?? (item.photo ? [item.photo] : []))}`,
    morePins: (count: number) => `… und ${count} weitere Markierungen (im JSON-Export).`,
  },
  /** 'Offene Punkte als PDF': the project's items as the list filters them, each with its place on the plan and its conversation. */
  openItems: {
    title: (projectName: string) => `Offene Punkte: ${projectName}`,
    heading: (count: number) => (count === 1 ? '1 Punkt' : `${count} Punkte`),
    none: 'Keine Punkte entsprechen den gewählten Filtern.',
    item: (number: number, planName: string, version: number, page: number) => `Punkt ${number} · ${planName} · Version ${version} · Seite ${page}`,
    facts: (item: { kind: PinKind; status: PinStatus; responsible: string | null; dueDate: string | null }) =>
      [pinKindLabels[item.kind], pinStatusLabels[item.status], `Zuständig: ${item.responsible ?? 'niemand'}`, item.dueDate === null ? 'ohne Fälligkeit' : `fällig ${dueDateText(item.dueDate)}`].join(' · '),
    placed: (author: string, at: string) => `Gesetzt von ${author}, ${at}`,
    statusChange: (from: PinStatus, to: PinStatus, by: string, at: string) => `${at} · Status geändert von ${pinStatusLabels[from]} auf ${pinStatusLabels[to]} – ${by}`,
    reply: (by: string, at: string, text: string) => `${at} · ${by}: ${text}`,
    conversation: 'Verlauf',
    photo: 'Foto',
    photos: 'Fotos',
    noView: 'Für diese Seite des Plans gibt es keine Ansicht.',
    more: (count: number) => `… und ${count} weitere Punkte. Grenzen Sie die Filter ein, um sie in einem Bericht zu sehen.`,
  },
  changes: {
    heading: 'Letzte Änderungen am Fragebogen',
    none: 'Der Fragebogen wurde noch nicht bearbeitet.',
    unanswered: 'nicht beantwortet',
    more: (count: number) => `… und ${count} weitere`,
    savedUnchanged: 'Gespeichert ohne Änderung',
  },
  /** Header and footer of every page. */
  frame: {
    header: 'Bauakte · Projektexport',
    /** The schema version lets a reader match the PDF to the JSON export of the same shape. */
    exportedAt: (when: string, schemaVersion: number) => `Exportiert am ${when} · Exportschema Version ${schemaVersion}`,
    page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  },
} as const;
