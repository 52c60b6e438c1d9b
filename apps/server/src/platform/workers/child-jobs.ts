import { Worker } from 'node:worker_threads';
import type { WorkerPriority } from '../../config';
import { yieldToTheServer } from './idle-priority';

/** What the pool sends a process: one job. */
export interface ChildJob<In> {
  id: number;
  input: In;
}

/** What a process says: that it is ready for jobs (its time limits start then), or a job's result. */
export type ChildMessage<Out> = { ready: true } | { id: number; output: Out } | { id: number; error: string };

/** The bounds a process keeps to by itself, as the pool that started it sets them. */
export interface ChildLimits {
  /** A job's time limit. */
  timeoutMs: number;
  /** Resident memory during a job; none: only the heap limit the pool gave Node. */
  maxRssMb?: number;
  /** idle: below everything else on the machine (yieldToTheServer); normal: as the server. */
  priority: WorkerPriority;
}

const limitsFlag = '--job-limits=';

/** The argument the pool starts a process with. */
export const limitsArgument = (limits: ChildLimits): string => `${limitsFlag}${JSON.stringify(limits)}`;

function limitsOfThisProcess(): ChildLimits {
  const given = process.argv.find((argument) => argument.startsWith(limitsFlag));
  if (!given) throw new Error(`this script needs ${limitsFlag}{…} (the process pool starts it so)`);
  return JSON.parse(given.slice(limitsFlag.length)) as ChildLimits;
}

/**
 * The server's own time limit acts first (it logs why and starts a fresh process); the
 * watchdog's is the backstop for a server that can no longer act.
 */
const watchdogGraceMs = 1_000;

/**
 * The watchdog, a thread of its own (plain JavaScript, as it runs the same from the sources and the
 * bundle): ends the whole process when the server that started it is gone (its parent changed), or
 * a job runs past its time or memory limit. A thread, because the main thread may be stuck in a
 * synchronous WebAssembly render, deaf to the IPC channel's 'disconnect' and to any timer.
 */
const watchdogSource = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { parentPid, timeoutMs, maxRssBytes } = workerData;
const pageSize = 4096;
const end = () => process.kill(process.pid, 'SIGKILL');
let deadline;
const residentBytes = () => {
  try {
    return Number(fs.readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * pageSize;
  } catch {
    return 0;
  }
};
parentPort.on('message', (message) => {
  clearTimeout(deadline);
  deadline = message === 'start' ? setTimeout(end, timeoutMs) : undefined;
});
setInterval(() => {
  if (process.ppid !== parentPid) end();
  if (deadline && maxRssBytes && residentBytes() > maxRssBytes) end();
}, 100);
let thread = 0;
try {
  thread = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
} catch {}
parentPort.postMessage(thread);
`;

interface Watchdog {
  jobStarted(): void;
  jobEnded(): void;
}

/** Starts the watchdog and answers once it runs, with its thread's id (0 where /proc cannot tell). */
async function startWatchdog(limits: ChildLimits): Promise<{ watchdog: Watchdog; thread: number }> {
  const worker = new Worker(watchdogSource, {
    eval: true,
    workerData: {
      parentPid: process.ppid,
      timeoutMs: limits.timeoutMs + watchdogGraceMs,
      maxRssBytes: limits.maxRssMb === undefined ? 0 : limits.maxRssMb * 1024 * 1024,
    },
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  const thread = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  // The watchdog alone must not keep an idle process alive.
  worker.unref();
  return { watchdog: { jobStarted: () => worker.postMessage('start'), jobEnded: () => worker.postMessage('end') }, thread };
}

/**
 * The child's side of a process pool (process-pool.ts): lowers its own priority below the
 * server's (unless the pool asks for the normal one), starts its watchdog, runs `prepare` (whatever the process loads once), then runs each
 * job it is sent and answers its result or error. The pool counts a job's time from the ready
 * message.
 */
export function serveJobs<In, Out>(work: (input: In) => Promise<Out>, prepare?: () => unknown): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('this script runs only as a child process of the server');
  const answer = (message: ChildMessage<Out>) => void send(message);
  const limits = limitsOfThisProcess();
  const started = startWatchdog(limits).then(async ({ watchdog, thread }) => {
    if (limits.priority === 'idle') yieldToTheServer(thread ? [thread] : []);
    await prepare?.();
    return watchdog;
  });
  // Listening from the start: a job may be sent before the process is ready, and waits for it.
  process.on('message', (job: ChildJob<In>) => {
    void started.then((watchdog) => {
      watchdog.jobStarted();
      return work(job.input)
        .finally(() => watchdog.jobEnded())
        .then(
          (output) => answer({ id: job.id, output }),
          (error: unknown) => answer({ id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
        );
    });
  });
  // The server went away (or closed the channel): nothing more will come.
  process.on('disconnect', () => process.exit(0));
  void started.then(() => answer({ ready: true }));
}
