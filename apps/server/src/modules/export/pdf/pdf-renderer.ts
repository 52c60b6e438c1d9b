import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { serverMessages } from '@bauakte/domain';
import { AppError } from '../../../platform/errors';
import type { PdfJob, PdfJobResult } from './pdf-worker';
import type { PdfInput } from './render-project-pdf';

export interface PdfRendererOptions {
  /** Worker threads; by default one core is left to the event loop. */
  workers?: number;
  /** Jobs waiting beyond the running ones; more are refused with 503 rather than piling up. */
  maxQueue?: number;
  /** A job running longer is stopped: its worker is ended and a fresh one takes the next. */
  timeoutMs?: number;
  /** Heap limit per worker, so one huge project cannot take the server's memory. */
  maxHeapMb?: number;
  /** An idle worker ends after this long; the next export starts one again. */
  idleMs?: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

interface Waiting {
  input: PdfInput;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job?: Waiting & { id: number; timer: NodeJS.Timeout };
  idleTimer?: NodeJS.Timeout;
}

const exportFailed = () => new AppError(500, 'INTERNAL_ERROR', serverMessages.exportFailed);
const exportBusy = () => new AppError(503, 'SERVICE_UNAVAILABLE', serverMessages.exportBusy, [], { 'retry-after': '30' });

/**
 * In the sources (tests, `npm run dev`) the worker is TypeScript and runs through tsx; the build
 * bundles it next to main.js as pdf-worker.js.
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { url: new URL('./pdf-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./pdf-worker.js', import.meta.url), execArgv: [] };
}

/** PDFs are laid out in worker threads, so chat and page requests stay fast while exports run. */
export function createPdfRenderer(options: PdfRendererOptions) {
  const size = options.workers ?? Math.max(1, Math.min(2, os.availableParallelism() - 1));
  const maxQueue = options.maxQueue ?? 16;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxHeapMb = options.maxHeapMb ?? 256;
  const idleMs = options.idleMs ?? 60_000;
  const entry = workerEntry();
  const slots = new Set<Slot>();
  const queue: Waiting[] = [];
  let nextId = 1;
  let closed = false;

  function retire(slot: Slot): void {
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
  }

  function failJob(slot: Slot, error: Error): void {
    const job = slot.job;
    if (!job) return;
    clearTimeout(job.timer);
    slot.job = undefined;
    job.reject(error);
  }

  function spawn(): Slot {
    const worker = new Worker(entry.url, { execArgv: entry.execArgv, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (result: PdfJobResult) => {
      const job = slot.job;
      if (!job || job.id !== result.id) return;
      clearTimeout(job.timer);
      slot.job = undefined;
      if ('pdf' in result) job.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
      else {
        options.log.error({ err: result.error }, 'pdf export failed');
        job.reject(exportFailed());
      }
      pump();
    });
    worker.on('error', (error) => {
      options.log.error({ err: error }, 'pdf worker failed');
      failJob(slot, exportFailed());
      retire(slot);
      pump();
    });
    worker.on('exit', () => {
      failJob(slot, exportFailed());
      slots.delete(slot);
      pump();
    });
    slots.add(slot);
    return slot;
  }

  function start(slot: Slot, waiting: Waiting): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    const id = nextId++;
    const timer = setTimeout(() => {
      options.log.error({ timeoutMs }, 'pdf export took too long; its worker is stopped');
      failJob(slot, exportFailed());
      retire(slot);
      pump();
    }, timeoutMs);
    slot.job = { ...waiting, id, timer };
    slot.worker.postMessage({ id, input: waiting.input } satisfies PdfJob);
  }

  function idleSlot(): Slot | undefined {
    for (const slot of slots) if (!slot.job) return slot;
    return slots.size < size ? spawn() : undefined;
  }

  function pump(): void {
    if (closed) return;
    while (queue.length > 0) {
      const slot = idleSlot();
      if (!slot) return;
      start(slot, queue.shift() as Waiting);
    }
    for (const slot of slots) {
      if (slot.job || slot.idleTimer) continue;
      slot.idleTimer = setTimeout(() => retire(slot), idleMs);
      slot.idleTimer.unref();
    }
  }

  return {
    render(input: PdfInput): Promise<Buffer> {
      if (closed) return Promise.reject(exportBusy());
      const running = [...slots].filter((slot) => slot.job).length;
      if (running >= size && queue.length >= maxQueue) return Promise.reject(exportBusy());
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        pump();
      });
    },

    async close(): Promise<void> {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(exportBusy());
      await Promise.all([...slots].map(async (slot) => {
        failJob(slot, exportBusy());
        clearTimeout(slot.idleTimer);
        slots.delete(slot);
        await slot.worker.terminate();
      }));
    },
  };
}

export type PdfRenderer = ReturnType<typeof createPdfRenderer>;
