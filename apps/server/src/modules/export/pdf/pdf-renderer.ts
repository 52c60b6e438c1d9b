import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { serverMessages } from '@bauakte/domain';
import { AppError } from '../../../platform/errors';
import type { PdfJob, PdfJobResult, PdfProcessMessage } from './pdf-process';

export type { PdfStoreConfig } from './pdf-process';

export interface PdfRendererOptions {
  /** Export processes, one per core by default: they run at the lowest priority, so requests still come first. */
  processes?: number;
  /** Jobs waiting beyond the running ones; more are refused with 503 rather than piling up. */
  maxQueue?: number;
  /** A job running longer is stopped: its process is ended and a fresh one takes the next. */
  timeoutMs?: number;
  /** Heap limit per process, so one huge project cannot take the machine's memory. */
  maxHeapMb?: number;
  /** An idle process ends after this long; the next export starts one again. */
  idleMs?: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export type PdfRenderInput = PdfJob['input'];

interface Waiting {
  input: PdfRenderInput;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  child: ChildProcess;
  /** The end of what the process wrote to stderr, logged when it ends during an export. */
  stderrTail: string;
  /** Started up: a job's time limit counts from then, so a slow start of the process is not held against it. */
  ready: boolean;
  job?: Waiting & { id: number; timer?: NodeJS.Timeout };
  idleTimer?: NodeJS.Timeout;
}

/** The layout itself threw: a fault of ours, logged with its stack. */
const exportFailed = () => new AppError('EXPORT_FAILED', serverMessages.exportFailed);
/** Over the time limit, or its process ended (out of memory): answered at once, the next export gets a fresh process. */
const exportAborted = () => new AppError('EXPORT_ABORTED', serverMessages.exportAborted);
const exportBusy = () => new AppError('EXPORT_BUSY', serverMessages.exportBusy, { headers: { 'retry-after': '60' } });

/**
 * In the sources (tests, `npm run dev`) the process runs TypeScript through tsx; the build bundles
 * it next to main.js as pdf-process.js.
 */
function processEntry(): { file: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { file: fileURLToPath(new URL('./pdf-process.ts', import.meta.url)), execArgv: ['--import', 'tsx'] }
    : { file: fileURLToPath(new URL('./pdf-process.js', import.meta.url)), execArgv: [] };
}

/**
 * PDFs are laid out in child processes at the lowest priority, not in worker threads: a worker
 * shares the server's garbage-collection and image threads, which then compete with requests at
 * full priority (measured: bench/export.ts), and a worker that runs out of memory can take the
 * whole server down. A child process is niced as a whole and dies alone.
 */
export function createPdfRenderer(options: PdfRendererOptions) {
  const size = options.processes ?? os.availableParallelism();
  const maxQueue = options.maxQueue ?? 20;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxHeapMb = options.maxHeapMb ?? 512;
  const idleMs = options.idleMs ?? 60_000;
  const entry = processEntry();
  const slots = new Set<Slot>();
  const queue: Waiting[] = [];
  let nextId = 1;
  let closed = false;

  function retire(slot: Slot): void {
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    slot.child.kill('SIGKILL');
  }

  function finish(slot: Slot): Slot['job'] {
    const job = slot.job;
    if (!job) return undefined;
    clearTimeout(job.timer);
    slot.job = undefined;
    // An idle process must not keep the server alive at shutdown.
    slot.child.channel?.unref();
    return job;
  }

  function onResult(slot: Slot, result: PdfJobResult): void {
    if (slot.job?.id !== result.id) return;
    const job = finish(slot);
    if ('pdf' in result) job?.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
    else {
      options.log.error({ err: result.error }, 'pdf export failed');
      job?.reject(exportFailed());
    }
    pump();
  }

  function spawn(): Slot {
    const child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${maxHeapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.unref();
    // Only a running export holds the server open (start refs the channel, finish unrefs it).
    child.channel?.unref();
    const slot: Slot = { child, stderrTail: '', ready: false };
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => (slot.stderrTail = (slot.stderrTail + text).slice(-2000)));
    (child.stderr as (NodeJS.ReadableStream & { unref?(): void }) | null)?.unref?.();
    child.on('message', (message: PdfProcessMessage) => ('ready' in message ? onReady(slot) : onResult(slot, message)));
    child.on('error', (error) => options.log.error({ err: error }, 'pdf process failed'));
    child.on('exit', (code, signal) => {
      const job = finish(slot);
      if (job) {
        options.log.error({ code, signal, stderr: slot.stderrTail }, 'pdf process ended during an export');
        job.reject(exportAborted());
      }
      slots.delete(slot);
      clearTimeout(slot.idleTimer);
      if (job) replace();
      pump();
    });
    slots.add(slot);
    return slot;
  }

  /** After a process was stopped: a fresh one starts at once, so the next export does not wait for it. */
  function replace(): void {
    if (!closed && slots.size < size) spawn();
  }

  function limitTime(slot: Slot): void {
    const job = slot.job;
    if (!job || job.timer) return;
    job.timer = setTimeout(() => {
      options.log.error({ timeoutMs }, 'pdf export took too long; its process is stopped');
      const job = finish(slot);
      retire(slot);
      job?.reject(exportAborted());
      replace();
      pump();
    }, timeoutMs);
  }

  function onReady(slot: Slot): void {
    slot.ready = true;
    limitTime(slot);
  }

  function start(slot: Slot, waiting: Waiting): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    const id = nextId++;
    slot.job = { ...waiting, id };
    if (slot.ready) limitTime(slot);
    slot.child.channel?.ref();
    slot.child.send({ id, input: waiting.input } satisfies PdfJob);
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
    render(input: PdfRenderInput): Promise<Buffer> {
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
      for (const slot of [...slots]) {
        finish(slot)?.reject(exportBusy());
        retire(slot);
      }
    },
  };
}

export type PdfRenderer = ReturnType<typeof createPdfRenderer>;
