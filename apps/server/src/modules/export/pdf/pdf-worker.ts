import { parentPort } from 'node:worker_threads';
import { loadPdfFonts } from './pdf-fonts';
import { renderProjectPdf, type PdfInput } from './render-project-pdf';

/** One job at a time per worker: the pool sends the next only after this one answered. */
export interface PdfJob {
  id: number;
  input: PdfInput;
}

export type PdfJobResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('pdf-worker runs only as a worker thread');

port.on('message', (job: PdfJob) => {
  renderProjectPdf(job.input, loadPdfFonts()).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      // Transferred, not copied, when the buffer is the whole ArrayBuffer (pdfkit's concat is).
      const transfer = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? [pdf.buffer as ArrayBuffer] : [];
      port.postMessage({ id: job.id, pdf: bytes } satisfies PdfJobResult, transfer);
    },
    (error: unknown) => port.postMessage({ id: job.id, error: error instanceof Error ? error.stack ?? error.message : String(error) } satisfies PdfJobResult),
  );
});
