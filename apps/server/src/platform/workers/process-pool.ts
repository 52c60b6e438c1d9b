import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkerPriority } from '../../config';
import type { ChildEntry } from './child-entry';
import { limitsArgument, type ChildMessage, type ChildJob } from './child-jobs';


export interface ProcessPoolOptions {
  /** Shown in the logs: 'pdf export', 'pdf preview'. */
  name: string;
  entry: ChildEntry;
  /** Processes working at once. */
  processes: number;
  /** Jobs waiting beyond the running ones; more are refused (errors.busy) rather than piling up. */
  maxQueue: number;
  /** A job running longer is stopped: its process is ended and a fresh one takes the next. */
  timeoutMs: number;
  /** V8 heap limit per process. */
  maxHeapMb: number;
  /**
   * Resident memory per process, WebAssembly memory and native buffers included (which the heap
   * limit does not see); a process over it during a job is ended. Read from /proc on Linux only.
   */
  maxRssMb?: number;
  /** An idle process ends after this long; the next job starts one again. */
  idleMs?: number;
  /** The processes' CPU priority: idle (below everything else) or normal. */
  priority: WorkerPriority;
  errors: {
    /** The line is full, or the pool closed. */
    busy(): Error;
    /** Over the time or memory limit, or the process ended. */
    aborted(): Error;
    /** The job itself threw in the process; detail is its stack. */
    failed(detail: string): Error;
  };
  log: Pick<FastifyBaseLogger, 'error'>;
}

interface Waiting<In, Out> {
  input: In;
  resolve(output: Out): void;
  reject(error: Error): void;
}

interface Slot<In, Out> {
  child: ChildProcess;
  /** The end of what the process wrote to stderr, logged when it ends during a job. */
  stderrTail: string;
  /** Started up: a job's time limit counts from then, so a slow start of the process is not held against it. */
  ready: boolean;
  job?: Waiting<In, Out> & { id: number; timer?: NodeJS.Timeout; memoryWatch?: NodeJS.Timeout };
  idleTimer?: NodeJS.Timeout;
}

const pageSize = 4096;

/** The process's resident bytes (Linux), or undefined where /proc cannot tell. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const pages = Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return Number.isFinite(pages) ? pages * pageSize : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A bounded set of child processes that take jobs one at a time each, with a bounded line of
 * waiting jobs, a time limit and a memory limit per job. Child processes rather than worker
 * threads: a process is niced as a whole, its WebAssembly and native memory can be measured and
 * reclaimed by ending it, and one that runs out of memory dies alone instead of taking the server
 * down. The child side is `serveJobs` (child-jobs.ts): it runs below the server's priority and
 * ends itself when the server is gone or a job passes its limits.
 */
export function createProcessPool<In, Out>(options: ProcessPoolOptions) {
  const { processes: size, maxQueue, timeoutMs, maxHeapMb, errors, log, name } = options;
  const idleMs = options.idleMs ?? 60_000;
  const slots = new Set<Slot<In, Out>>();
  const queue: Waiting<In, Out>[] = [];
  let nextId = 1;
  let closed = false;

  function retire(slot: Slot<In, Out>): void {
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    slot.child.kill('SIGKILL');
  }

  function finish(slot: Slot<In, Out>): Slot<In, Out>['job'] {
    const job = slot.job;
    if (!job) return undefined;
    clearTimeout(job.timer);
    clearInterval(job.memoryWatch);
    slot.job = undefined;
    // An idle process must not keep the server alive at shutdown.
    slot.child.channel?.unref();
    return job;
  }

  function onResult(slot: Slot<In, Out>, result: Exclude<ChildMessage<Out>, { ready: true }>): void {
    if (slot.job?.id !== result.id) return;
    const job = finish(slot);
    if ('output' in result) job?.resolve(result.output);
    else job?.reject(errors.failed(result.error));
    pump();
  }

  function spawn(): Slot<In, Out> {
    // The process keeps to the same limits by itself, should this server no longer be there to end it.
    const child = fork(options.entry.file, [limitsArgument({ timeoutMs, maxRssMb: options.maxRssMb, priority: options.priority })], {
      execArgv: [...options.entry.execArgv, `--max-old-space-size=${maxHeapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.unref();
    // Only a running job holds the server open (start refs the channel, finish unrefs it).
    child.channel?.unref();
    const slot: Slot<In, Out> = { child, stderrTail: '', ready: false };
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => (slot.stderrTail = (slot.stderrTail + text).slice(-2000)));
    (child.stderr as (NodeJS.ReadableStream & { unref?(): void }) | null)?.unref?.();
    child.on('message', (message: ChildMessage<Out>) => ('ready' in message ? onReady(slot) : onResult(slot, message)));
    child.on('error', (error) => log.error({ err: error }, `${name} process failed`));
    child.on('exit', (code, signal) => {
      const job = finish(slot);
      if (job) {
        log.error({ code, signal, stderr: slot.stderrTail }, `${name} process ended during a job`);
        job.reject(errors.aborted());
      }
      slots.delete(slot);
      clearTimeout(slot.idleTimer);
      if (job) replace();
      pump();
    });
    slots.add(slot);
    return slot;
  }

  /** After a process was stopped: a fresh one starts at once, so the next job does not wait for it. */
  function replace(): void {
    if (!closed && slots.size < size) spawn();
  }

  function stop(slot: Slot<In, Out>, why: string, details: Record<string, unknown>): void {
    log.error(details, `${name} ${why}; its process is stopped`);
    const job = finish(slot);
    retire(slot);
    job?.reject(errors.aborted());
    replace();
    pump();
  }

  function limitTime(slot: Slot<In, Out>): void {
    const job = slot.job;
    if (!job || job.timer) return;
    job.timer = setTimeout(() => stop(slot, 'took too long', { timeoutMs }), timeoutMs);
  }

  function limitMemory(slot: Slot<In, Out>): void {
    const job = slot.job;
    const maxRssMb = options.maxRssMb;
    if (!job || maxRssMb === undefined || job.memoryWatch) return;
    job.memoryWatch = setInterval(() => {
      const bytes = residentBytes(slot.child.pid);
      if (bytes !== undefined && bytes > maxRssMb * 1024 * 1024) stop(slot, 'needed too much memory', { maxRssMb, residentMb: Math.round(bytes / 1048576) });
    }, 50);
    job.memoryWatch.unref();
  }

  function onReady(slot: Slot<In, Out>): void {
    slot.ready = true;
    limitTime(slot);
  }

  function start(slot: Slot<In, Out>, waiting: Waiting<In, Out>): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    const id = nextId++;
    slot.job = { ...waiting, id };
    if (slot.ready) limitTime(slot);
    limitMemory(slot);
    slot.child.channel?.ref();
    slot.child.send({ id, input: waiting.input } satisfies ChildJob<In>);
  }

  function idleSlot(): Slot<In, Out> | undefined {
    for (const slot of slots) if (!slot.job) return slot;
    return slots.size < size ? spawn() : undefined;
  }

  function pump(): void {
    if (closed) return;
    while (queue.length > 0) {
      const slot = idleSlot();
      if (!slot) return;
      start(slot, queue.shift() as Waiting<In, Out>);
    }
    for (const slot of slots) {
      if (slot.job || slot.idleTimer) continue;
      slot.idleTimer = setTimeout(() => retire(slot), idleMs);
      slot.idleTimer.unref();
    }
  }

  return {
    run(input: In): Promise<Out> {
      if (closed) return Promise.reject(errors.busy());
      const running = [...slots].filter((slot) => slot.job).length;
      if (running >= size && queue.length >= maxQueue) return Promise.reject(errors.busy());
      return new Promise<Out>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        pump();
      });
    },

    /** The process ids (the bench reads their memory). */
    pids(): number[] {
      return [...slots].flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid]));
    },

    async close(): Promise<void> {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(errors.busy());
      for (const slot of [...slots]) {
        finish(slot)?.reject(errors.busy());
        retire(slot);
      }
    },
  };
}

export type ProcessPool<In, Out> = ReturnType<typeof createProcessPool<In, Out>>;
