// A PDF plan's tile: its first page rendered 480 px wide through the server's renderer (MuPDF in a
// child process, apps/server/src/modules/files/previews) against Poppler's pdftoppm on the same page
// at the same size, in the same run, turn by turn. BENCH_ONLY=previews npm run bench.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { createJobQueue } from '../apps/server/src/platform/jobs/job-queue';
import { createObjectStore } from '../apps/server/src/platform/storage/create-store';
import type { PageCache } from '../apps/server/src/modules/files/previews/page-cache';
import { createPdfPreviews } from '../apps/server/src/modules/files/previews/pdf-previews';
import { percentile } from './export';
import { median } from './files';
import { missingToolsLine } from './tools';

/** A1 landscape in points. */
const sheet = { width: 2384, height: 1684 };

/**
 * One storey's plan as CAD programs export it: a grid of rooms with double walls, wall hatching,
 * door swings, windows, furniture outlines, dimension chains and room labels — about 8 000 paths.
 */
function drawPlan(doc: PDFKit.PDFDocument, storey: number): void {
  const cols = 14;
  const rows = 9;
  const margin = 80;
  const cellW = (sheet.width - 2 * margin) / cols;
  const cellH = (sheet.height - 2 * margin - 120) / rows;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = margin + col * cellW;
      const y = margin + row * cellH;
      doc.lineWidth(1.4).rect(x, y, cellW, cellH).stroke();
      doc.lineWidth(0.6).rect(x + 8, y + 8, cellW - 16, cellH - 16).stroke();
      doc.lineWidth(0.25);
      for (let k = 0; k < cellW; k += 6) doc.moveTo(x + k, y).lineTo(Math.min(x + k + 8, x + cellW), y + 8).stroke();
      for (let k = 0; k < cellH; k += 6) doc.moveTo(x, y + k).lineTo(x + 8, Math.min(y + k + 8, y + cellH)).stroke();
      doc.lineWidth(0.5).moveTo(x + 20, y + cellH - 8).lineTo(x + 20, y + cellH - 48).stroke();
      doc.moveTo(x + 20, y + cellH - 48).bezierCurveTo(x + 42, y + cellH - 48, x + 60, y + cellH - 30, x + 60, y + cellH - 8).dash(2, { space: 2 }).stroke().undash();
      doc.rect(x + cellW - 70, y + 2, 50, 4).stroke();
      doc.rect(x + cellW / 2 - 30, y + cellH / 2 - 15, 60, 30).stroke();
      for (let chair = 0; chair < 4; chair++) doc.circle(x + cellW / 2 - 22 + chair * 15, y + cellH / 2 + 24, 5).stroke();
      doc.fontSize(7).fillColor('#000').text(`${storey}.${row * cols + col + 1}`, x + 14, y + 14, { lineBreak: false });
      doc.fontSize(5).text(`${((cellW * cellH) / 2835).toFixed(2)} m²`, x + 14, y + 24, { lineBreak: false });
    }
  }
  // Dimension chains along the bottom.
  const chainY = sheet.height - margin - 60;
  doc.lineWidth(0.3);
  for (let col = 0; col <= cols; col++) {
    const x = margin + col * cellW;
    doc.moveTo(x, chainY - 6).lineTo(x, chainY + 6).stroke();
    doc.moveTo(x - 3, chainY + 3).lineTo(x + 3, chainY - 3).stroke();
    if (col < cols) doc.fontSize(6).text(`${(cellW / 28.35).toFixed(2)}`, x + cellW / 2 - 8, chainY - 12, { lineBreak: false });
  }
  doc.moveTo(margin, chainY).lineTo(sheet.width - margin, chainY).stroke();
  doc.fontSize(18).text(`Grundriss ${storey}. Obergeschoß — Maßstab 1:50`, margin, sheet.height - margin - 30, { lineBreak: false });
}

/** An A1 plan set of this many storeys, one a page (the abuse bench's heavy PDF, too). */
export function planPdf(pages: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A1', layout: 'landscape', autoFirstPage: false, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (let page = 1; page <= pages; page++) {
      doc.addPage();
      drawPlan(doc, page);
    }
    doc.end();
  });
}

/** A process's peak resident memory (VmHWM) from /proc, in bytes. */
function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** pdftoppm's first page, 480 px wide, as PNG: the milliseconds it took. */
async function timePdftoppm(file: string, out: string): Promise<number> {
  const started = performance.now();
  const child = spawn('pdftoppm', ['-f', '1', '-l', '1', '-scale-to-x', '480', '-scale-to-y', '-1', '-png', file, out], { stdio: 'ignore' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`pdftoppm ended with ${code}`);
  return performance.now() - started;
}

/** pdftoppm's peak resident memory, as GNU time reports it (undefined without /usr/bin/time). */
function pdftoppmPeakRss(file: string, out: string): number | undefined {
  const run = spawnSync('/usr/bin/time', ['-f', '%M', 'pdftoppm', '-f', '1', '-l', '1', '-scale-to-x', '480', '-scale-to-y', '-1', '-png', file, out], { encoding: 'utf8' });
  const kb = Number(run.stderr?.trim().split('\n').at(-1));
  return run.status === 0 && Number.isFinite(kb) ? kb * 1024 : undefined;
}

export async function previewsSection(): Promise<void> {
  const missing = missingToolsLine('previews', ['pdftoppm']);
  if (missing) return void console.log(missing);
  const runs = Math.max(10, Number(process.env.BENCH_PREVIEW_RUNS ?? 15));
  const pages = 20;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-bench-previews-'));
  const store = createObjectStore({ s3: undefined, dataDir: dir });
  const log = { error: () => undefined, warn: () => undefined, info: () => undefined };
  const limits = { maxConcurrent: 1, maxQueued: 20, timeLimitMs: 60_000, memoryLimitMb: 1024, priority: 'idle' as const };
  // Only first pages are rendered here, which the page cache never holds.
  const cache: PageCache = { get: () => Promise.resolve(undefined), keep: () => Promise.resolve(), evictOverLimit: () => Promise.resolve(0) };
  const previews = createPdfPreviews({ store, storeConfig: { s3: undefined, dataDir: dir }, limits, queue: createJobQueue({ concurrency: 1, maxWaiting: 20 }), cache, log });
  try {
    const pdf = await planPdf(pages);
    const file = path.join(dir, 'plan.pdf');
    fs.writeFileSync(file, pdf);
    // Each run opens the PDF afresh, as an upload does: a key of its own per run (the process keeps the last document open).
    const keys = Array.from({ length: runs + 1 }, (_, index) => `projects/1/plan-${index}`);
    for (const key of keys) await store.put(key, Readable.from([pdf]), 'application/pdf');
    const out = path.join(dir, 'poppler');

    // The first render starts the process and compiles MuPDF's WebAssembly: shown apart, not in the figures.
    let started = performance.now();
    const first = await previews.firstPage(keys[0]!);
    const coldMs = performance.now() - started;
    if (!first) throw new Error('the plan was not rendered');
    const meta = await sharp(first.thumbnail).metadata();
    await timePdftoppm(file, out); // warm-up, discarded

    const mupdfTimes: number[] = [];
    const popplerTimes: number[] = [];
    for (let run = 1; run <= runs; run++) {
      started = performance.now();
      if (!(await previews.firstPage(keys[run]!))) throw new Error(`run ${run}: not rendered`);
      mupdfTimes.push(performance.now() - started);
      popplerTimes.push(await timePdftoppm(file, out));
    }
    const [pid] = previews.pids();
    const rendererPeak = pid === undefined ? 0 : peakRss(pid);
    const popplerPeak = pdftoppmPeakRss(file, out);
    const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
    const ms = (value: number) => value.toFixed(0).padStart(5);
    console.log(`previews: first page of a ${pages}-page A1 plan (${(pdf.length / 1024).toFixed(0)} KB, about 8 000 paths and 270 labels a page) to ${meta.width} × ${meta.height} px, ${runs} runs alternating`);
    console.log(`MuPDF in the preview process, to WebP (read from the store, opened, rendered, encoded)   p50 ${ms(percentile(mupdfTimes, 50))} ms   p99 ${ms(percentile(mupdfTimes, 99))} ms   peak RSS ${mb(rendererPeak)}   (first render in a fresh process ${coldMs.toFixed(0)} ms)`);
    console.log(`baseline: pdftoppm -f 1 -l 1 -scale-to-x 480 -scale-to-y -1 -png (a process per run)    p50 ${ms(percentile(popplerTimes, 50))} ms   p99 ${ms(percentile(popplerTimes, 99))} ms   peak RSS ${popplerPeak === undefined ? 'n/a' : mb(popplerPeak)}`);
    const ratios = mupdfTimes.map((time, index) => time / popplerTimes[index]!);
    console.log(`ratio: the preview takes ${(percentile(mupdfTimes, 50) / percentile(popplerTimes, 50)).toFixed(2)}× pdftoppm's time (p50s; median of the runs' ratios ${median(ratios).toFixed(2)}×)`);
  } finally {
    await previews.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
