// A stand-in for the server: owns a process pool (of stuck-job-process.ts) and gives it one job,
// so that a test can kill or stop it while its child process works. Arguments: the marker file,
// the job's time limit in ms, the pool's memory limit in MB, the megabytes the job holds, the priority.
import { fileURLToPath } from 'node:url';
import { createProcessPool } from '../platform/workers/process-pool';
import type { WorkerPriority } from '../config';
import type { StuckJob } from './stuck-job-process';

const [marker = '', timeoutMs = '60000', maxRssMb = '4096', holdMb = '0', priority = 'normal'] = process.argv.slice(2);
const failed = () => new Error('job failed');
const pool = createProcessPool<StuckJob, never>({
  name: 'stuck job',
  entry: { file: fileURLToPath(new URL('./stuck-job-process.ts', import.meta.url)), execArgv: ['--import', 'tsx'] },
  processes: 1,
  maxQueue: 1,
  timeoutMs: Number(timeoutMs),
  maxHeapMb: 256,
  maxRssMb: Number(maxRssMb),
  priority: priority as WorkerPriority,
  errors: { busy: failed, aborted: failed, failed },
  log: { error: () => undefined },
});
await pool.run({ marker, holdMb: Number(holdMb) }).catch(() => undefined);
