import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay or shape an answer (a reset mail whose timing would tell whether an
 * account exists, a notice after a profile change). It starts after the current request is
 * answered; a failure is logged, never thrown. Shutdown waits for what is running.
 */
export interface BackgroundTasks {
  run(name: string, work: () => Promise<void>): void;
  /** Resolves once every task started so far has finished. */
  drained(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, work) {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async drained() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
