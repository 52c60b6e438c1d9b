import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/**
 * Exports are batch work. On Linux every thread of this process — its event loop, V8's garbage
 * collection helpers, the image threads — gets the SCHED_IDLE policy (chrt from util-linux): the
 * kernel then hands a core to a waking server thread at once, where a nice-19 thread could still
 * run out its time slice first (measured: the read's p99 rose 1.3× under nice 19 alone). Nice 19
 * stays as the fallback where chrt is missing. Threads started later inherit both.
 */
function yieldToTheServer(): void {
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore', timeout: 2_000 });
  } catch {
    // No chrt (not Linux, or a minimal image): nice alone.
  }
  try {
    for (const thread of fs.readdirSync('/proc/self/task')) os.setPriority(Number(thread), 19);
  } catch {
    // Not Linux, or not permitted: exports still work, only without the lower priority.
  }
}

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

yieldToTheServer();
loadPdfFonts();
serveJobs(render);
