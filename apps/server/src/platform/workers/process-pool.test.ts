import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const owners: ChildProcess[] = [];
const workers: number[] = [];

/** Running, as opposed to gone or a zombie waiting for its parent to reap it. */
function isRunning(pid: number): boolean {
  try {
    const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Vitest's poll until the condition holds; fails naming it when it does not within the deadline. */
function waitUntil<T>(what: string, deadlineMs: number, value: () => T | undefined): Promise<T> {
  return vi.waitFor(
    () => {
      const found = value();
      if (found === undefined) throw new Error(`not within ${deadlineMs} ms: ${what}`);
      return found;
    },
    { timeout: deadlineMs, interval: 20 },
  );
}

/**
 * Starts a stand-in for the server that owns a pool (src/test/pool-owner.ts) and answers the pid of
 * the pool's process once its job runs.
 */
async function poolWithRunningJob(limits: { timeoutMs: number; maxRssMb: number; holdMb: number; priority?: 'idle' | 'normal' }) {
  const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-pool-')), 'job-runs');
  const owner = spawn(process.execPath, ['--import', 'tsx', 'src/test/pool-owner.ts', marker, String(limits.timeoutMs), String(limits.maxRssMb), String(limits.holdMb), limits.priority ?? 'normal'], {
    cwd: serverDir,
    stdio: 'ignore',
  });
  owners.push(owner);
  const pid = await waitUntil('the job runs', 20_000, () => (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') ? Number(fs.readFileSync(marker, 'utf8')) : undefined));
  workers.push(pid);
  return { owner, pid, go: () => fs.writeFileSync(`${marker}.go`, '') };
}

/** /proc/<pid>/stat of the main thread, which runs the job: nice is field 19, the policy field 41 (0: normal, 5: SCHED_IDLE). */
function schedulingOf(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}

const goneWithin = (pid: number, deadlineMs: number) => waitUntil(`process ${pid} ends`, deadlineMs, () => (isRunning(pid) ? undefined : true));

afterEach(() => {
  for (const owner of owners.splice(0)) owner.kill('SIGKILL');
  for (const pid of workers.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

describe.runIf(process.platform === 'linux')('a process pool’s child processes', () => {
  it('end within 2 s when the server is killed (kill -9) in the middle of a job stuck in synchronous work', async () => {
    const { owner, pid, go } = await poolWithRunningJob({ timeoutMs: 600_000, maxRssMb: 4096, holdMb: 0 });
    go();
    owner.kill('SIGKILL');
    await expect(goneWithin(pid, 2_000)).resolves.toBe(true);
  });

  it('end a job past its time limit themselves, while the server cannot (stopped)', async () => {
    const { owner, pid, go } = await poolWithRunningJob({ timeoutMs: 1_000, maxRssMb: 4096, holdMb: 0 });
    owner.kill('SIGSTOP');
    go();
    expect(isRunning(pid)).toBe(true);
    // The time limit, the grace that lets the server's own limit act first, and 2 s.
    await expect(goneWithin(pid, 1_000 + 1_000 + 2_000)).resolves.toBe(true);
  });

  it('end a job past its memory limit themselves, while the server cannot (stopped)', async () => {
    const { owner, pid, go } = await poolWithRunningJob({ timeoutMs: 600_000, maxRssMb: 200, holdMb: 400 });
    owner.kill('SIGSTOP');
    go();
    // The job needs CPU to fill 400 MB, shared with whatever else the machine runs: the bound only names the failure.
    await expect(goneWithin(pid, 30_000)).resolves.toBe(true);
  });

  it('run their jobs at idle priority (SCHED_IDLE, nice 19), so requests to the server come first', async () => {
    const { pid } = await poolWithRunningJob({ timeoutMs: 600_000, maxRssMb: 4096, holdMb: 0, priority: 'idle' });
    expect(schedulingOf(pid)).toEqual({ nice: 19, policy: 5 });
  });

  it('run their jobs at the server’s priority when asked (WORKER_PRIORITY=normal), to progress on a host busy with other work', async () => {
    const { pid } = await poolWithRunningJob({ timeoutMs: 600_000, maxRssMb: 4096, holdMb: 0, priority: 'normal' });
    expect(schedulingOf(pid)).toEqual({ nice: os.getPriority(), policy: 0 });
  });
});
