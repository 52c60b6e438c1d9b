// A pool's child process whose job never ends, as a synchronous WebAssembly render may not: it
// writes its pid where the job says (so a test knows the job runs), waits for the test's go (the
// marker's name with '.go'), takes the memory asked for, then spins without ever yielding to its event loop.
import fs from 'node:fs';
import { serveJobs } from '../platform/workers/child-jobs';

export interface StuckJob {
  /** The file the process writes its pid to once the job runs. */
  marker: string;
  /** Resident megabytes the job holds while it spins. */
  holdMb: number;
}

serveJobs(async (job: StuckJob) => {
  fs.writeFileSync(job.marker, String(process.pid));
  while (!fs.existsSync(`${job.marker}.go`));
  const held = Buffer.alloc(job.holdMb * 1024 * 1024, 1);
  for (;;) if (held.length < 0) break;
});
