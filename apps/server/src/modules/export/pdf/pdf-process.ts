import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { loadPdfFonts } from './pdf-fonts';
import { renderProjectPdf, type PdfInput } from './render-project-pdf';

/** What the server sends: the document, and the stored WebP previews (the JPEGs are made here). */
export interface PdfJob {
  id: number;
  input: Omit<PdfInput, 'thumbnails'> & { previews: (Uint8Array | null)[] };
}

export type PdfJobResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

const thumbnailWidthInPdf = 320;

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
async function jpegOf(preview: Uint8Array | null): Promise<Uint8Array | null> {
  if (!preview) return null;
  try {
    return await sharp(preview, { limitInputPixels: 4_000_000 }).resize({ width: thumbnailWidthInPdf, withoutEnlargement: true }).jpeg({ quality: 72 }).toBuffer();
  } catch {
    return null;
  }
}

async function render(job: PdfJob): Promise<Buffer> {
  const thumbnails: (Uint8Array | null)[] = [];
  // A few at a time: quick, and the process stays small however many images a project has.
  for (let start = 0; start < job.input.previews.length; start += 4) {
    thumbnails.push(...(await Promise.all(job.input.previews.slice(start, start + 4).map(jpegOf))));
  }
  return renderProjectPdf({ document: job.input.document, changes: job.input.changes, thumbnails }, loadPdfFonts());
}

function answer(result: PdfJobResult): void {
  process.send?.(result);
}

if (!process.send) throw new Error('pdf-process runs only as a child process of the server');
yieldToTheServer();
process.on('message', (job: PdfJob) => {
  render(job).then(
    (pdf) => answer({ id: job.id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) }),
    (error: unknown) => answer({ id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
// The server went away (or closed the channel): nothing more will come.
process.on('disconnect', () => process.exit(0));
