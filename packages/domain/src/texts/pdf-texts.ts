import { roleLabels } from '../roles';
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
  },
  files: {
    heading: (count: number) => `Dateien (${count})`,
    none: 'Es wurden noch keine Dateien hochgeladen.',
    fileName: (name: string) => `Datei: ${name}`,
    version: (version: number) => `Version ${version}`,
    more: (count: number) => `… und ${count} weitere Dateien. Die vollständige Liste enthält der JSON-Export.`,
    pin: (number: number, page: number, author: string, comment: string, photo: string | null) =>
      `Markierung ${number} (Seite ${page}, ${author}): ${comment}${photo ? ` — Foto: ${photo}` : ''}`,
    morePins: (count: number) => `… und ${count} weitere Markierungen (im JSON-Export).`,
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
