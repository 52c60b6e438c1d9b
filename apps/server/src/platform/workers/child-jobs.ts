/** What the pool sends a process: one job. */
export interface ChildJob<In> {
  id: number;
  input: In;
}

/** What a process says: that it is ready for jobs (its time limits start then), or a job's result. */
export type ChildMessage<Out> = { ready: true } | { id: number; output: Out } | { id: number; error: string };

/**
 * The child's side of a process pool (process-pool.ts): runs each job it is sent and answers its
 * result or error. Call once, after whatever the process loads at start: the pool counts a job's
 * time from the ready message.
 */
export function serveJobs<In, Out>(work: (input: In) => Promise<Out>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('this script runs only as a child process of the server');
  const answer = (message: ChildMessage<Out>) => void send(message);
  process.on('message', (job: ChildJob<In>) => {
    work(job.input).then(
      (output) => answer({ id: job.id, output }),
      (error: unknown) => answer({ id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  // The server went away (or closed the channel): nothing more will come.
  process.on('disconnect', () => process.exit(0));
  answer({ ready: true });
}
