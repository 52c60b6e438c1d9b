import PDFDocument from 'pdfkit';
import { pdfTexts, type PinKind, type PinStatus } from '@bauakte/domain';
import type { PdfFonts } from './pdf-fonts';
import type { PdfPicture } from './render-project-pdf';

/** A crop of the plan's page around the item, with where the item lies in it (fractions of the crop). */
export interface ItemCrop extends PdfPicture {
  markerX: number;
  markerY: number;
}

/** One item as the report shows it: plain data, crossing into the export process by copy. P is a photo: its store key in the job, its picture in the renderer. */
export interface OpenItemsPdfItem<P = PdfPicture> {
  number: number;
  planName: string;
  version: number;
  page: number;
  kind: PinKind;
  status: PinStatus;
  responsible: string | null;
  dueDate: string | null;
  comment: string;
  createdBy: string;
  createdAt: string;
  /** Replies and status changes, oldest first. */
  entries: Array<{ at: string; reply: { by: string; text: string; photos: P[] } } | { at: string; change: { from: PinStatus; to: PinStatus; by: string } }>;
  /** The item's own photos (those whose preview could not be read are left out). */
  photos: P[];
}

export interface OpenItemsPdfInput {
  projectName: string;
  author: string;
  exportedAt: string;
  items: Array<OpenItemsPdfItem & { crop: ItemCrop | null }>;
  /** Items the filters matched beyond the report's bound. */
  more: number;
}

type Doc = PDFKit.PDFDocument;
const margins = { top: 56, bottom: 56, left: 56, right: 56 };
const colors = { text: '#1f2937', muted: '#6b7280', line: '#d1d5db', marker: '#dc2626' };
const dateTime = new Intl.DateTimeFormat('de-AT', { timeZone: 'Europe/Vienna', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const cropWidth = 300;
/** Photos in a row, each at most this wide and high: up to three beside each other. */
const photoBox = { width: 140, height: 105, gap: 8 };

const width = (doc: Doc) => doc.page.width - margins.left - margins.right;
const text = (doc: Doc, font: string, size: number, value: string, color = colors.text) =>
  doc.font(font).fontSize(size).fillColor(color).text(value, margins.left, doc.y, { width: width(doc) });

/** Keeps a block of this height on one page: a new page when it would run past the bottom. */
function room(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - margins.bottom) doc.addPage();
}

/** The crop with the item's numbered marker where it lies. */
function drawCrop(doc: Doc, crop: ItemCrop, number: number): void {
  const height = (crop.height / crop.width) * cropWidth;
  room(doc, height + 8);
  const [x, y] = [margins.left, doc.y + 4];
  doc.image(Buffer.from(crop.jpeg), x, y, { width: cropWidth, height });
  doc.rect(x, y, cropWidth, height).lineWidth(0.5).strokeColor(colors.line).stroke();
  const [cx, cy] = [x + crop.markerX * cropWidth, y + crop.markerY * height];
  doc.circle(cx, cy, 8).fillColor(colors.marker).fill();
  doc.font('bold').fontSize(8).fillColor('#ffffff').text(String(number), cx - 8, cy - 4.5, { width: 16, align: 'center', lineBreak: false });
  doc.x = margins.left;
  doc.y = y + height + 6;
}

/** Photos in rows under a label ('Foto', 'Fotos'), or under a reply without one. */
function drawPhotos(doc: Doc, photos: readonly PdfPicture[], label: string | null): void {
  if (photos.length === 0) return;
  const perLine = Math.max(1, Math.floor((width(doc) + photoBox.gap) / (photoBox.width + photoBox.gap)));
  for (let start = 0; start < photos.length; start += perLine) {
    room(doc, photoBox.height + (start === 0 && label ? 20 : 8));
    if (start === 0 && label) text(doc, 'semibold', 9.5, label, colors.muted);
    const y = doc.y + 2;
    photos.slice(start, start + perLine).forEach((photo, index) => {
      doc.image(Buffer.from(photo.jpeg), margins.left + index * (photoBox.width + photoBox.gap), y, { fit: [photoBox.width, photoBox.height] });
    });
    doc.x = margins.left;
    doc.y = y + photoBox.height + 6;
  }
}

function drawItem(doc: Doc, item: OpenItemsPdfInput['items'][number]): void {
  const t = pdfTexts.openItems;
  room(doc, 80);
  doc.moveDown(0.6);
  text(doc, 'bold', 12, t.item(item.number, item.planName, item.version, item.page));
  text(doc, 'regular', 10, t.facts(item));
  text(doc, 'regular', 10.5, item.comment);
  text(doc, 'italic', 9, t.placed(item.createdBy, dateTime.format(new Date(item.createdAt))), colors.muted);
  if (item.crop) drawCrop(doc, item.crop, item.number);
  else text(doc, 'italic', 9, t.noView, colors.muted);
  drawPhotos(doc, item.photos, item.photos.length === 1 ? t.photo : t.photos);
  if (item.entries.length > 0) {
    text(doc, 'semibold', 9.5, t.conversation, colors.muted);
    for (const entry of item.entries) {
      const at = dateTime.format(new Date(entry.at));
      text(doc, 'regular', 9.5, 'reply' in entry ? t.reply(entry.reply.by, at, entry.reply.text) : t.statusChange(entry.change.from, entry.change.to, entry.change.by, at));
      if ('reply' in entry) drawPhotos(doc, entry.reply.photos, null);
    }
  }
  doc.moveDown(0.4);
  doc.moveTo(margins.left, doc.y).lineTo(margins.left + width(doc), doc.y).lineWidth(0.5).strokeColor(colors.line).stroke();
}

/** The project's items as an A4 PDF: each with its place on the plan, its state, its conversation and their photos. */
export function renderOpenItemsPdf(input: OpenItemsPdfInput, fonts: PdfFonts): Promise<Buffer> {
  const title = pdfTexts.openItems.title(input.projectName);
  const doc = new PDFDocument({ size: 'A4', margins, lang: 'de-AT', displayTitle: true, pdfVersion: '1.7', info: { Title: title, Author: input.author, Creator: pdfTexts.info.portal, CreationDate: new Date(input.exportedAt) } });
  for (const name of ['regular', 'italic', 'semibold', 'bold'] as const) doc.registerFont(name, fonts[name]);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  text(doc, 'bold', 18, title);
  text(doc, 'regular', 10, `${pdfTexts.openItems.heading(input.items.length + input.more)} · ${dateTime.format(new Date(input.exportedAt))}`, colors.muted);
  if (input.items.length === 0) text(doc, 'italic', 10.5, pdfTexts.openItems.none, colors.muted);
  for (const item of input.items) drawItem(doc, item);
  if (input.more > 0) text(doc, 'italic', 10, pdfTexts.openItems.more(input.more), colors.muted);
  doc.end();
  return done;
}
