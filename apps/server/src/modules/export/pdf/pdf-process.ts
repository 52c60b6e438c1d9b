import sharp from 'sharp';
import { bytesOf, storeOf, type StoreConfig } from '../../../platform/storage/child-store';
import type { ObjectStore } from '../../../platform/storage/object-store';
import { serveJobs } from '../../../platform/workers/child-jobs';
import { loadPdfFonts } from './pdf-fonts';
import { renderProjectPdf, type PdfInput, type PdfPicture } from './render-project-pdf';

/** Where the project files are, as the server's configuration says. */
export type PdfStoreConfig = StoreConfig;

/**
 * What the server sends: the document and the store keys of the image previews. The previews are
 * read and made JPEG here, so their megabytes never pass through the server's heap.
 */
export type PdfJobInput = Omit<PdfInput, 'thumbnails'> & { previewKeys: (string | null)[]; store: PdfStoreConfig };

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

async function render(input: PdfJobInput): Promise<Uint8Array> {
  const store = storeOf(input.store);
  const keys = input.previewKeys;
  const thumbnails: (PdfPicture | null)[] = [];
  // A few at a time: quick, and the process stays small however many images a project has.
  for (let start = 0; start < keys.length; start += 4) {
    thumbnails.push(...(await Promise.all(keys.slice(start, start + 4).map((key) => jpegOf(store, key)))));
  }
  const pdf = await renderProjectPdf({ document: input.document, changes: input.changes, thumbnails }, loadPdfFonts());
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

serveJobs(render, loadPdfFonts);
