import sharp from 'sharp';
import { bytesOf, storeOf, type StoreConfig } from '../../../platform/storage/child-store';
import type { ObjectStore } from '../../../platform/storage/object-store';
import { serveJobs } from '../../../platform/workers/child-jobs';
import { loadPdfFonts } from './pdf-fonts';
import { renderOpenItemsPdf, type ItemCrop, type OpenItemsPdfInput, type OpenItemsPdfItem } from './render-open-items-pdf';
import { renderProjectPdf, type PdfInput, type PdfPicture } from './render-project-pdf';

/** Where the project files are, as the server's configuration says. */
export type PdfStoreConfig = StoreConfig;

/**
 * What the server sends: the document and the store keys of the image previews. The previews are
 * read and made JPEG here, so their megabytes never pass through the server's heap.
 */
export type ProjectPdfJob = Omit<PdfInput, 'thumbnails' | 'photos'> & {
  previewKeys: (string | null)[];
  /** The previews of the photos to questions, aligned with document.questionPhotos. */
  photoKeys: (string | null)[];
  store: PdfStoreConfig;
};

/**
 * 'Offene Punkte als PDF': per item the store key of its page's picture (an image plan itself, a
 * PDF's first-page preview; null for other pages) with the item's point, and the previews of its photos and its replies' photos.
 */
export type OpenItemsPdfJob = Omit<OpenItemsPdfInput, 'items'> & {
  kind: 'open-items';
  items: Array<OpenItemsPdfItem<string> & { view: { key: string; x: number; y: number } | null }>;
  store: PdfStoreConfig;
};

export type PdfJobInput = ProjectPdfJob | OpenItemsPdfJob;

// Sharp enough for a plan drawn with its pins (up to 400 pt wide); the previews are 480 px wide.
const thumbnailWidthInPdf = 480;

/** pdfkit embeds JPEG and PNG only: the stored WebP preview becomes a small JPEG; none if unreadable. */
async function jpegOf(store: ObjectStore, key: string | null): Promise<PdfPicture | null> {
  if (!key) return null;
  try {
    const preview = await bytesOf(store, key);
    if (!preview) return null;
    const { data, info } = await sharp(preview, { limitInputPixels: 4_000_000 })
      .resize({ width: thumbnailWidthInPdf, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    console.error(`pdf-process: no preview from ${key}: ${(error as Error).message}`);
    return null;
  }
}

// The crop: about a third of the page's width around the item, so its surroundings are recognisable.
const cropShare = 0.36;
const cropWidthInPdf = 600;

/** The part of the page around the item as a JPEG, with where the item lies in it; none if the page cannot be read. */
async function cropOf(store: ObjectStore, view: { key: string; x: number; y: number } | null): Promise<ItemCrop | null> {
  if (!view) return null;
  try {
    const bytes = await bytesOf(store, view.key);
    if (!bytes) return null;
    const image = sharp(bytes, { limitInputPixels: 40_000_000 });
    const { width = 0, height = 0 } = await image.metadata();
    if (width === 0 || height === 0) return null;
    const w = Math.min(width, Math.max(120, Math.round(width * cropShare)));
    const h = Math.min(height, Math.round(w * 0.66));
    const left = Math.min(width - w, Math.max(0, Math.round(view.x * width - w / 2)));
    const top = Math.min(height - h, Math.max(0, Math.round(view.y * height - h / 2)));
    const { data, info } = await image
      .extract({ left, top, width: w, height: h })
      .resize({ width: cropWidthInPdf, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height, markerX: (view.x * width - left) / w, markerY: (view.y * height - top) / h };
  } catch (error) {
    console.error(`pdf-process: no crop from ${view.key}: ${(error as Error).message}`);
    return null;
  }
}

async function renderOpenItems(input: OpenItemsPdfJob): Promise<Buffer> {
  const store = storeOf(input.store);
  const items: OpenItemsPdfInput['items'] = [];
  // One item at a time: the process stays small however many items the report holds.
  const picturesOf = async (keys: string[]) => (await jpegsOf(store, keys)).filter((picture): picture is PdfPicture => picture !== null);
  for (const { view, photos, entries, ...item } of input.items) {
    const withPictures: OpenItemsPdfItem['entries'] = [];
    for (const entry of entries) withPictures.push('reply' in entry ? { ...entry, reply: { ...entry.reply, photos: await picturesOf(entry.reply.photos) } } : entry);
    items.push({ ...item, entries: withPictures, photos: await picturesOf(photos), crop: await cropOf(store, view) });
  }
  return renderOpenItemsPdf({ projectName: input.projectName, author: input.author, exportedAt: input.exportedAt, items, more: input.more }, loadPdfFonts());
}

async function jpegsOf(store: ObjectStore, keys: (string | null)[]): Promise<(PdfPicture | null)[]> {
  const pictures: (PdfPicture | null)[] = [];
  // A few at a time: quick, and the process stays small however many images a project has.
  for (let start = 0; start < keys.length; start += 4) {
    pictures.push(...(await Promise.all(keys.slice(start, start + 4).map((key) => jpegOf(store, key)))));
  }
  return pictures;
}

async function render(input: PdfJobInput): Promise<Uint8Array> {
  if ('kind' in input) {
    const pdf = await renderOpenItems(input);
    return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  }
  const store = storeOf(input.store);
  const thumbnails = await jpegsOf(store, input.previewKeys);
  const photos = await jpegsOf(store, input.photoKeys);
  const pdf = await renderProjectPdf({ document: input.document, changes: input.changes, thumbnails, photos }, loadPdfFonts());
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

serveJobs(render, loadPdfFonts);
