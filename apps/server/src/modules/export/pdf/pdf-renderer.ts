import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { serverMessages } from '@bauakte/domain';
import type { WorkerPriority } from '../../../config';
import { AppError } from '../../../platform/errors';
import { childEntry } from '../../../platform/workers/child-entry';
import { createProcessPool } from '../../../platform/workers/process-pool';
import type { OpenItemsPdfJob, PdfJobInput, ProjectPdfJob } from './pdf-process';

export type { PdfStoreConfig } from './pdf-process';

export interface PdfRendererOptions {
  /** Export processes, one per core by default: at idle priority, requests still come first. */
  processes?: number;
  /** Jobs waiting beyond the running ones; more are refused with 503 rather than piling up. */
  maxQueue?: number;
  /** A job running longer is stopped: its process is ended and a fresh one takes the next. */
  timeoutMs?: number;
  /** Heap limit per process, so one huge project cannot take the machine's memory. */
  maxHeapMb?: number;
  /** An idle process ends after this long; the next export starts one again. */
  idleMs?: number;
  /** idle in production (requests come first); normal where other work would starve the processes. */
  priority: WorkerPriority;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export type PdfRenderInput = ProjectPdfJob;
export type OpenItemsRenderInput = OpenItemsPdfJob;

/** The layout itself threw: a fault of ours, logged with its stack. */
const exportFailed = () => new AppError('EXPORT_FAILED', serverMessages.exportFailed);
/** Over the time limit, or its process ended (out of memory): answered at once, the next export gets a fresh process. */
const exportAborted = () => new AppError('EXPORT_ABORTED', serverMessages.exportAborted);
const exportBusy = () => new AppError('EXPORT_BUSY', serverMessages.exportBusy, { headers: { 'retry-after': '60' } });

/**
 * PDFs are laid out in child processes at the lowest priority (platform/workers/process-pool.ts),
 * not in worker threads: a worker shares the server's garbage-collection and image threads, which
 * then compete with requests at full priority, and a worker that runs
 * out of memory can take the whole server down. A child process is niced as a whole and dies alone.
 */
export function createPdfRenderer(options: PdfRendererOptions) {
  const pool = createProcessPool<PdfJobInput, Uint8Array>({
    name: 'pdf export',
    entry: childEntry(import.meta.url, './pdf-process.ts', 'pdf-process.js'),
    processes: options.processes ?? os.availableParallelism(),
    maxQueue: options.maxQueue ?? 20,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxHeapMb: options.maxHeapMb ?? 512,
    idleMs: options.idleMs,
    priority: options.priority,
    log: options.log,
    errors: {
      busy: exportBusy,
      aborted: exportAborted,
      failed: (detail) => {
        options.log.error({ err: detail }, 'pdf export failed');
        return exportFailed();
      },
    },
  });

  return {
    async render(input: PdfRenderInput | OpenItemsRenderInput): Promise<Buffer> {
      const pdf = await pool.run(input);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => pool.close(),
  };
}

export type PdfRenderer = ReturnType<typeof createPdfRenderer>;
