/**
 * A line of in-process jobs of which at most `concurrency` run at once; the others wait in order.
 * The line itself is bounded: with `maxWaiting` jobs waiting, a further one is not taken, and the
 * caller decides what to do without it (a thumbnail is then simply left out).
 */
export interface JobQueue {
  /** Runs the work once a slot is free and answers its result; undefined when the line is full (the work never runs). */
  offer<T>(work: () => Promise<T>): Promise<T> | undefined;
  /** Jobs running now. */
  readonly running: number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
}

export function createJobQueue(options: { concurrency: number; maxWaiting: number }): JobQueue {
  const { concurrency, maxWaiting } = options;
  let running = 0;
  const line: Array<() => void> = [];

  /** The finished job's slot goes straight to the next in line, so no later job overtakes it. */
  function finished(): void {
    const start = line.shift();
    if (start) start();
    else running -= 1;
  }

  async function run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      finished();
    }
  }

  return {
    offer<T>(work: () => Promise<T>): Promise<T> | undefined {
      if (running < concurrency) {
        running += 1;
        return run(work);
      }
      if (line.length >= maxWaiting) return undefined;
      return new Promise<void>((resolve) => line.push(resolve)).then(() => run(work));
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
