import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** The threads of this process, by id (Linux); empty where /proc cannot tell. */
function threadsOfThisProcess(): number[] {
  try {
    return fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    return [];
  }
}

/**
 * A child process's work (PDF exports, rendered pages) is batch work. On Linux every thread of the
 * process — its event loop, V8's garbage collection helpers, the image threads — gets the
 * SCHED_IDLE policy (chrt from util-linux): the kernel then hands a core to a waking server thread
 * at once, where a nice-19 thread could still run out its time slice first. Nice 19 stays as the
 * fallback where chrt is missing. Threads started later inherit both; threads named in `except`
 * (the watchdog, which must notice a dead server even on a busy machine) keep their priority.
 */
export function yieldToTheServer(except: readonly number[] = []): void {
  const threads = threadsOfThisProcess().filter((thread) => !except.includes(thread));
  const targets = threads.length > 0 ? threads : [process.pid];
  for (const thread of targets) {
    try {
      execFileSync('chrt', ['--idle', '--pid', '0', String(thread)], { stdio: 'ignore', timeout: 2_000 });
    } catch {
      // No chrt (not Linux, or a minimal image): nice alone.
      break;
    }
  }
  for (const thread of targets) {
    try {
      os.setPriority(thread, 19);
    } catch {
      // Not Linux, or not permitted: the work still runs, only without the lower priority.
    }
  }
}
