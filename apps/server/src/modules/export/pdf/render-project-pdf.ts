import PDFDocument from 'pdfkit';
import {
  answerSheet,
  answerTexts,
  fieldLabel,
  formatAnswer,
  formatAddress,
  formatFileSize,
  formatKatastral,
  participantName,
  pdfTexts,
  pinStatusLabels,
  projectStatusLabels,
  questionnaireStepTitles,
  applicableQuestions,
  answeredQuestions,
  type ProjectExport,
  type QuestionnaireChange,
} from '@bauakte/domain';
import type { PdfFonts } from './pdf-fonts';

/** What the worker receives: plain data only, so it crosses the thread boundary by copy. */
export interface PdfInput {
  document: ProjectExport;
  /** Newest first; already cut to what the PDF shows. */
  changes: QuestionnaireChange[];
  /** JPEG previews (an image, a PDF's first page), aligned with document.files; null for files without one. */
  thumbnails: (PdfPicture | null)[];
  /** JPEG previews of the photos to questions, aligned with document.questionPhotos; optional for documents without any. */
  photos?: (PdfPicture | null)[];
}

/** A preview as embedded: its JPEG bytes and its size in pixels (pins are placed by fractions of it). */
export interface PdfPicture {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

type Doc = PDFKit.PDFDocument;
type FontName = 'regular' | 'italic' | 'semibold' | 'bold';

const margins = { top: 72, bottom: 68, left: 56, right: 56 };
const colors = { text: '#1f2937', muted: '#6b7280', line: '#d1d5db', accent: '#1d4f91', zebra: '#f3f5f8', missing: '#a16207', bar: '#e5e7eb' };
const changeEntriesShown = 15;
const changeLinesPerEntry = 12;
/** Beyond this the PDF names how many more there are; the JSON export lists every file. */
export const filesListedInPdf = 300;
/** A plan's pins listed under it; the JSON export holds them all. */
export const pinsListedPerFile = 30;

const vienna = 'Europe/Vienna';
const dateTime = new Intl.DateTimeFormat('de-AT', { timeZone: vienna, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat('de-AT', { timeZone: vienna, day: '2-digit', month: '2-digit', year: 'numeric' });
const longDate = new Intl.DateTimeFormat('de-AT', { timeZone: vienna, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const contentWidth = (doc: Doc) => doc.page.width - margins.left - margins.right;
const bottomLimit = (doc: Doc) => doc.page.height - margins.bottom;
const pageContentHeight = (doc: Doc) => doc.page.height - margins.top - margins.bottom;

function use(doc: Doc, font: FontName, size: number, color: string = colors.text): Doc {
  return doc.font(font).fontSize(size).fillColor(color);
}

/** Starts a new page unless this much height is left, so a row or heading is never split. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

/** A heading with its rule takes about this much height. */
const headingHeight = 45;

/** A section's heading, on the same page as the first `keepWith` points of what follows it. */
function heading(doc: Doc, text: string, keepWith = 40): void {
  ensureSpace(doc, headingHeight + Math.min(keepWith, pageContentHeight(doc) - headingHeight));
  doc.moveDown(0.8);
  use(doc, 'bold', 15, colors.accent).text(text, margins.left, doc.y, { width: contentWidth(doc) });
  const y = doc.y + 3;
  doc.moveTo(margins.left, y).lineTo(margins.left + contentWidth(doc), y).lineWidth(0.8).strokeColor(colors.accent).stroke();
  doc.y = y + 8;
}

function subheading(doc: Doc, text: string, note?: string): void {
  ensureSpace(doc, 50);
  doc.moveDown(0.5);
  const y = doc.y;
  use(doc, 'semibold', 12).text(text, margins.left, y, { width: contentWidth(doc) - 150 });
  const after = doc.y;
  if (note) use(doc, 'regular', 9.5, colors.muted).text(note, margins.left + contentWidth(doc) - 150, y + 2, { width: 150, align: 'right' });
  doc.y = Math.max(after, doc.y) + 4;
}

interface TableRow {
  label: string;
  value: string;
  style?: 'missing' | 'muted';
  /** Small pictures under the value (the photos to a question). */
  pictures?: PdfPicture[];
}

/** A photo to a question, beside its answer: small, as the files' tiles. */
const photoBox = { width: 64, height: 48, gap: 6 };

/** The photos to a question in a row under its answer; answers the height they take. */
function photoStrip(doc: Doc, pictures: PdfPicture[] | undefined, x: number, y: number, width: number, draw: boolean): number {
  if (!pictures || pictures.length === 0) return 0;
  const perLine = Math.max(1, Math.floor((width + photoBox.gap) / (photoBox.width + photoBox.gap)));
  const lines = Math.ceil(pictures.length / perLine);
  if (draw) {
    pictures.forEach((picture, index) => {
      const left = x + (index % perLine) * (photoBox.width + photoBox.gap);
      const top = y + Math.floor(index / perLine) * (photoBox.height + photoBox.gap);
      doc.image(Buffer.from(picture.jpeg), left, top, { fit: [photoBox.width, photoBox.height], align: 'center', valign: 'center' });
    });
  }
  return lines * (photoBox.height + photoBox.gap);
}

/** Two columns with zebra stripes; a row moves to the next page whole. */
function table(doc: Doc, rows: TableRow[], labelWidth = 210): void {
  const width = contentWidth(doc);
  const valueWidth = width - labelWidth - 16;
  rows.forEach((row, index) => {
    const valueFont: FontName = row.style ? 'italic' : 'regular';
    use(doc, 'regular', 10);
    const labelHeight = doc.heightOfString(row.label, { width: labelWidth - 8 });
    use(doc, valueFont, 10);
    const valueHeight = doc.heightOfString(row.value, { width: valueWidth }) + photoStrip(doc, row.pictures, 0, 0, valueWidth, false);
    const height = Math.max(labelHeight, valueHeight) + 8;
    ensureSpace(doc, height);
    const y = doc.y;
    const page = doc.page;
    if (index % 2 === 0) doc.rect(margins.left, y, width, height).fill(colors.zebra);
    use(doc, 'regular', 10, colors.muted).text(row.label, margins.left + 6, y + 4, { width: labelWidth - 8 });
    const valueColor = row.style === 'missing' ? colors.missing : row.style === 'muted' ? colors.muted : colors.text;
    use(doc, valueFont, 10, valueColor).text(row.value, margins.left + labelWidth + 8, y + 4, { width: valueWidth });
    photoStrip(doc, row.pictures, margins.left + labelWidth + 8, doc.y + 4, valueWidth, true);
    doc.y = below(doc, page, y, height);
  });
  doc.x = margins.left;
}

function paragraph(doc: Doc, text: string, color: string = colors.text, font: FontName = 'regular'): void {
  use(doc, font, 10.5, color).text(text, margins.left, doc.y, { width: contentWidth(doc), lineGap: 2 });
}

function titleBlock(doc: Doc, { document }: PdfInput): void {
  const { project } = document;
  use(doc, 'semibold', 9, colors.muted).text(pdfTexts.kicker, margins.left, margins.top, { characterSpacing: 1.2 });
  doc.moveDown(0.2);
  use(doc, 'bold', 24).text(project.name, { width: contentWidth(doc) });
  const address = formatAddress(project.address);
  const kg = formatKatastral(project.address.katastral);
  const place = [address, kg ? pdfTexts.katastral(kg) : ''].filter(Boolean).join(' · ');
  if (place) use(doc, 'regular', 11.5, colors.muted).text(place, { width: contentWidth(doc) });
  doc.moveDown(0.8);
  progressBar(doc, document);
}

function progressBar(doc: Doc, document: ProjectExport): void {
  const answered = answeredQuestions(document.questionnaire);
  const y = doc.y;
  const barWidth = 160;
  use(doc, 'semibold', 10).text(pdfTexts.status(projectStatusLabels[document.status]), margins.left, y);
  const barX = margins.left + 150;
  doc.roundedRect(barX, y + 2, barWidth, 9, 4.5).fill(colors.bar);
  if (document.progress > 0) doc.roundedRect(barX, y + 2, Math.max(9, (barWidth * document.progress) / 100), 9, 4.5).fill(colors.accent);
  use(doc, 'regular', 10, colors.muted).text(
    pdfTexts.progress(document.progress, answered, applicableQuestions(document.questionnaire)),
    barX + barWidth + 10,
    y,
    { width: contentWidth(doc) - 150 - barWidth - 10 },
  );
  doc.x = margins.left;
  doc.y = y + 22;
}

/** A row whose value may be blank: then 'not specified', greyed. */
function optionalRow(label: string, value: string | null): TableRow {
  return value ? { label, value } : { label, value: pdfTexts.notSpecified, style: 'muted' };
}

function projectSection(doc: Doc, { document }: PdfInput): void {
  const { project } = document;
  const { address } = project;
  const texts = pdfTexts.project;
  heading(doc, texts.heading);
  table(doc, [
    { label: texts.name, value: project.name },
    optionalRow(texts.street, [address.street, address.number].filter(Boolean).join(' ')),
    optionalRow(texts.place, [address.postalCode, address.city].filter(Boolean).join(' ')),
    optionalRow(texts.country, address.country),
    optionalRow(texts.katastral, formatKatastral(address.katastral)),
    { label: texts.status, value: projectStatusLabels[document.status] },
    { label: texts.progress, value: `${document.progress} %` },
  ]);
  subheading(doc, texts.description);
  if (project.description.trim()) paragraph(doc, project.description);
  else paragraph(doc, texts.noDescription, colors.muted, 'italic');
}

function personRows(person: ProjectExport['customer']): TableRow[] {
  const texts = pdfTexts.people;
  if (!person) return [{ label: texts.name, value: texts.unassigned, style: 'muted' }];
  return [
    { label: texts.name, value: participantName(person) },
    { label: texts.username, value: person.username },
    optionalRow(texts.email, person.email),
    optionalRow(texts.phone, person.phoneNumber),
  ];
}

function peopleSection(doc: Doc, { document }: PdfInput): void {
  heading(doc, pdfTexts.people.heading);
  subheading(doc, pdfTexts.people.customer);
  table(doc, personRows(document.customer), 150);
  subheading(doc, pdfTexts.people.architect);
  table(doc, personRows(document.architect), 150);
}

/** The pictures of each question's photos, by question key (those whose preview could not be read are left out). */
function photosByQuestion({ document, photos }: PdfInput): Map<string, PdfPicture[]> {
  const byQuestion = new Map<string, PdfPicture[]>();
  (document.questionPhotos ?? []).forEach((photo, index) => {
    const picture = photos?.[index];
    if (picture) byQuestion.set(photo.question, [...(byQuestion.get(photo.question) ?? []), picture]);
  });
  return byQuestion;
}

function answerRow(row: ReturnType<typeof answerSheet>[number]['rows'][number]): TableRow {
  if (row.answer !== null && row.confirmedUnusual) return { label: row.question, value: `${row.answer} (${answerTexts.confirmedUnusual})` };
  if (row.answer !== null) return { label: row.question, value: row.answer };
  if (row.notNeeded) return { label: row.question, value: answerTexts.byArchitect, style: 'muted' };
  return { label: row.question, value: answerTexts.unanswered, style: 'missing' };
}

function questionnaireSection(doc: Doc, input: PdfInput): void {
  const { document } = input;
  const pictures = photosByQuestion(input);
  heading(doc, pdfTexts.questionnaire.heading);
  answerSheet(document.questionnaire).forEach((step, index) => {
    const answered = step.rows.filter((row) => row.answer !== null || row.notNeeded).length;
    subheading(doc, `${index + 1}. ${step.title}`, pdfTexts.questionnaire.answered(answered, step.rows.length));
    table(
      doc,
      step.rows.map((row): TableRow => ({ ...answerRow(row), pictures: pictures.get(row.key) })),
      260,
    );
  });
  const followUps = document.followUps ?? [];
  if (followUps.length === 0) return;
  subheading(doc, pdfTexts.questionnaire.followUps);
  table(
    doc,
    followUps.map((item): TableRow => ({ label: item.questionText, value: pdfTexts.questionnaire.followUp({ ...item, status: pinStatusLabels[item.status] }) })),
    260,
  );
}

const thumbBox = { width: 84, height: 63 };

interface TextPart {
  text: string;
  font: FontName;
  size: number;
  color: string;
  /** Space above the part. */
  gap: number;
}

/**
 * The height the parts take, measured as they are drawn: pdfkit breaks a word wider than the
 * column inside it, so a 255-character file name without a space takes several lines, and a row
 * that guessed one line each would run past the page's end.
 */
function heightOfParts(doc: Doc, parts: TextPart[], width: number): number {
  return parts.reduce((sum, part) => sum + part.gap + use(doc, part.font, part.size).heightOfString(part.text, { width }), 0);
}

/**
 * After a block drawn from y with the given height: below it, or — when its text was longer than
 * a whole page and pdfkit went on on the next — below where the text ended.
 */
function below(doc: Doc, startPage: PDFKit.PDFPage, y: number, height: number): number {
  return doc.page === startPage ? y + height : doc.y + 8;
}

type ExportedPin = ProjectExport['files'][number]['pins'][number];

/** Each item once: a pin carried over to a newer version is shown there, so its origin is left out. */
const itemsOnce = (pins: readonly ExportedPin[]): ExportedPin[] =>
  pins.filter((pin) => !pins.some((other) => other.carriedFrom?.version === pin.version && other.carriedFrom.number === pin.number));

/** The items on a plan, one line each naming its version, under the file's own lines. */
function pinParts(pins: ProjectExport['files'][number]['pins']): TextPart[] {
  const items = itemsOnce(pins);
  const listed = items.slice(0, pinsListedPerFile).map(
    (pin, index): TextPart => ({
      text: pdfTexts.files.pin({ ...pin, carriedFromVersion: pin.carriedFrom?.version ?? null }),
      font: 'regular',
      size: 9.5,
      color: colors.text,
      gap: index === 0 ? 4 : 1,
    }),
  );
  const more = items.length - pinsListedPerFile;
  return more > 0 ? [...listed, { text: pdfTexts.files.morePins(more), font: 'italic', size: 9, color: colors.muted, gap: 1 }] : listed;
}

const planFigureMaxWidth = 400;

/** The pins drawn on the plan's picture: those on its first page of the current version. */
const pinsOnPicture = (file: ProjectExport['files'][number]) => file.pins.filter((pin) => pin.version === file.version && pin.page === 1);

/** Where a plan with pins is drawn: as wide as the text column allows (at most 400 pt), at most half a page high. */
function figureSize(doc: Doc, file: ProjectExport['files'][number], picture: PdfPicture | null): { width: number; height: number } | null {
  if (!picture || picture.width <= 0 || picture.height <= 0 || pinsOnPicture(file).length === 0) return null;
  const maxHeight = (doc.page.height - margins.top - margins.bottom) / 2;
  const scale = Math.min(Math.min(contentWidth(doc), planFigureMaxWidth) / picture.width, maxHeight / picture.height);
  return { width: picture.width * scale, height: picture.height * scale };
}

/** The plan's current version as a picture with its numbered pins, right under its row. */
function planFigure(doc: Doc, file: ProjectExport['files'][number], picture: PdfPicture, size: { width: number; height: number }): void {
  const { width, height } = size;
  ensureSpace(doc, height + 12);
  const [x, y] = [margins.left, doc.y];
  doc.image(Buffer.from(picture.jpeg), x, y, { width, height });
  doc.rect(x, y, width, height).lineWidth(0.4).strokeColor(colors.line).stroke();
  for (const pin of pinsOnPicture(file)) {
    const [cx, cy] = [x + pin.x * width, y + pin.y * height];
    doc.circle(cx, cy, 7).lineWidth(1).fillAndStroke('#dc2626', '#ffffff');
    use(doc, 'bold', 8, '#ffffff').text(String(pin.number), cx - 7, cy - 4.5, { width: 14, align: 'center', lineBreak: false });
  }
  doc.y = y + height + 12;
  doc.x = margins.left;
}

interface FileRowLayout {
  parts: TextPart[];
  textX: number;
  textWidth: number;
  /** The row's own height: thumbnail and text. */
  height: number;
  figure: { width: number; height: number } | null;
  /** The row with its plan's picture, or the row alone when both do not fit on one page. */
  kept: number;
}

function fileRowLayout(doc: Doc, file: ProjectExport['files'][number], picture: PdfPicture | null): FileRowLayout {
  const textX = margins.left + thumbBox.width + 14;
  const textWidth = contentWidth(doc) - thumbBox.width - 14;
  // A plan uploaded again says which version the PDF shows; a first version says nothing of versions.
  const version = file.version > 1 ? `${pdfTexts.files.version(file.version)} · ` : '';
  const meta = `${version}${file.documentType} · ${formatFileSize(file.size)} · ${date.format(new Date(file.uploadedAt))} · ${file.uploadedBy}`;
  const parts: TextPart[] = [
    { text: file.name, font: 'semibold', size: 10.5, color: colors.text, gap: 0 },
    ...(file.comment ? [{ text: file.comment, font: 'regular', size: 9.5, color: colors.text, gap: 1 } satisfies TextPart] : []),
    { text: meta, font: 'regular', size: 9, color: colors.muted, gap: 2 },
    { text: pdfTexts.files.fileName(file.fileName), font: 'regular', size: 9, color: colors.muted, gap: 0 },
    ...pinParts(file.pins),
  ];
  const height = Math.max(thumbBox.height, heightOfParts(doc, parts, textWidth)) + 10;
  const figure = figureSize(doc, file, picture);
  const together = height + (figure ? figure.height + 12 : 0);
  return { parts, textX, textWidth, height, figure, kept: together <= pageContentHeight(doc) ? together : height };
}

function fileRow(doc: Doc, file: ProjectExport['files'][number], picture: PdfPicture | null): void {
  const { parts, textX, textWidth, height, figure, kept } = fileRowLayout(doc, file, picture);
  // The row and its plan's picture start on the same page when both fit on one.
  ensureSpace(doc, kept);
  const y = doc.y;
  const page = doc.page;
  if (picture) {
    doc.image(Buffer.from(picture.jpeg), margins.left, y, { fit: [thumbBox.width, thumbBox.height], align: 'center', valign: 'center' });
  } else {
    doc.rect(margins.left, y, thumbBox.width, thumbBox.height).fill(colors.zebra);
    use(doc, 'bold', 12, colors.muted).text(file.documentType, margins.left, y + thumbBox.height / 2 - 7, { width: thumbBox.width, align: 'center' });
  }
  doc.y = y;
  for (const part of parts) use(doc, part.font, part.size, part.color).text(part.text, textX, doc.y + part.gap, { width: textWidth });
  doc.y = below(doc, page, y, height);
  doc.x = margins.left;
  if (picture && figure) planFigure(doc, file, picture, figure);
  doc.moveTo(margins.left, doc.y - 5).lineTo(margins.left + contentWidth(doc), doc.y - 5).lineWidth(0.4).strokeColor(colors.line).stroke();
}

function filesSection(doc: Doc, { document, thumbnails }: PdfInput): void {
  const first = document.files[0];
  heading(doc, pdfTexts.files.heading(document.files.length), first ? fileRowLayout(doc, first, thumbnails[0] ?? null).kept : 40);
  if (document.files.length === 0) {
    paragraph(doc, pdfTexts.files.none, colors.muted, 'italic');
    return;
  }
  document.files.slice(0, filesListedInPdf).forEach((file, index) => fileRow(doc, file, thumbnails[index] ?? null));
  const more = document.files.length - filesListedInPdf;
  if (more > 0) paragraph(doc, pdfTexts.files.more(more), colors.muted, 'italic');
}

function changeLine(path: string, change: { from: unknown; to: unknown }): string {
  const from = formatAnswer(path, change.from) ?? pdfTexts.changes.unanswered;
  const to = formatAnswer(path, change.to) ?? pdfTexts.changes.unanswered;
  return `${fieldLabel(path)}: ${from} → ${to}`;
}

function changesSection(doc: Doc, { changes }: PdfInput): void {
  heading(doc, pdfTexts.changes.heading);
  if (changes.length === 0) {
    paragraph(doc, pdfTexts.changes.none, colors.muted, 'italic');
    return;
  }
  for (const change of changes.slice(0, changeEntriesShown)) {
    const entries = Object.entries(change.changes);
    const lines = entries.slice(0, changeLinesPerEntry).map(([path, values]) => `• ${changeLine(path, values)}`);
    if (entries.length > changeLinesPerEntry) lines.push(`• ${pdfTexts.changes.more(entries.length - changeLinesPerEntry)}`);
    if (lines.length === 0) lines.push(`• ${pdfTexts.changes.savedUnchanged}`);
    ensureSpace(doc, 34 + 13 * Math.min(lines.length, 3));
    use(doc, 'semibold', 10).text(
      `${dateTime.format(new Date(change.changedAt))} · ${change.changedByPerson ? participantName(change.changedByPerson) : change.changedBy} · ${questionnaireStepTitles[change.step]}`,
      margins.left,
      doc.y + 4,
      { width: contentWidth(doc) },
    );
    for (const line of lines) use(doc, 'regular', 9.5).text(line, margins.left + 10, doc.y + 1, { width: contentWidth(doc) - 10 });
  }
}

/** Header (project name) and footer (export date, page X of Y) on every page, once all exist. */
function pageFrames(doc: Doc, document: ProjectExport): void {
  const range = doc.bufferedPageRange();
  const exported = pdfTexts.frame.exportedAt(longDate.format(new Date(document.exportedAt)), document.schemaVersion);
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Text below the bottom margin would otherwise open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const width = contentWidth(doc);
    const half = width / 2;
    use(doc, 'semibold', 9, colors.muted).text(document.project.name, margins.left, 34, { width: half + 60, height: 12, lineBreak: false, ellipsis: true });
    use(doc, 'regular', 9, colors.muted).text(pdfTexts.frame.header, margins.left + half + 70, 34, { width: half - 70, align: 'right', lineBreak: false });
    doc.moveTo(margins.left, 50).lineTo(margins.left + width, 50).lineWidth(0.5).strokeColor(colors.line).stroke();
    const footerY = doc.page.height - 44;
    doc.moveTo(margins.left, footerY - 8).lineTo(margins.left + width, footerY - 8).lineWidth(0.5).strokeColor(colors.line).stroke();
    use(doc, 'regular', 9, colors.muted).text(exported, margins.left, footerY, { width: half + 60, lineBreak: false });
    use(doc, 'regular', 9, colors.muted).text(pdfTexts.frame.page(index - range.start + 1, range.count), margins.left + half + 70, footerY, { width: half - 70, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

function authorOf(document: ProjectExport): string {
  return document.architect ? participantName(document.architect) : pdfTexts.info.portal;
}

/** The project as an A4 PDF with embedded fonts: what an office sends to a consultant or authority. */
export function renderProjectPdf(input: PdfInput, fonts: PdfFonts): Promise<Buffer> {
  const { document } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margins,
    bufferPages: true,
    lang: 'de-AT',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: pdfTexts.info.title(document.project.name),
      Author: authorOf(document),
      Subject: pdfTexts.info.subject(document.project.id),
      Keywords: pdfTexts.info.keywords,
      Creator: pdfTexts.info.portal,
      CreationDate: new Date(document.exportedAt),
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('italic', fonts.italic);
  doc.registerFont('semibold', fonts.semibold);
  doc.registerFont('bold', fonts.bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  titleBlock(doc, input);
  projectSection(doc, input);
  peopleSection(doc, input);
  questionnaireSection(doc, input);
  filesSection(doc, input);
  changesSection(doc, input);
  pageFrames(doc, document);
  doc.end();
  return done;
}
