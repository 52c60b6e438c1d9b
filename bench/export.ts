import { once } from 'node:events';
import { spawn } from 'node:child_process';
import http from 'node:http';
import readline from 'node:readline';
// The PDF export: how long one takes for a finished project with 20 photos, and what four running
// exports cost everybody else — the p99 of an authenticated read with and without them, in one run.

export interface ExportTarget {
  port: number;
  token: string;
  projectId: number;
}

/** The p-th percentile (nearest rank) of the values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One PDF download; answers its milliseconds and bytes, and fails on anything but a PDF. */
export async function exportOnce(target: ExportTarget): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${target.port}/api/export/pdf/${target.projectId}`, { headers: { authorization: `Bearer ${target.token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`export answered ${response.status}: ${body.subarray(0, 200).toString()}`);
  return { ms: performance.now() - started, bytes: body.length };
}

/** Exports one after another; the first `warmUp` (worker start, caches) are not counted. */
export async function timeExports(target: ExportTarget, runs: number, warmUp = 3): Promise<{ times: number[]; bytes: number }> {
  let bytes = 0;
  for (let run = 0; run < warmUp; run++) await exportOnce(target);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await exportOnce(target);
    times.push(result.ms);
    bytes = result.bytes;
  }
  return { times, bytes };
}

/**
 * Runs `work` while `parallel` clients export without pause from a process of their own (so their
 * downloads do not slow the load generator's own event loop); answers its result and the exports done.
 */
export async function whileExporting<T>(target: ExportTarget, parallel: number, work: () => Promise<T>): Promise<{ result: T; exports: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/export-load.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: String(target.port), TOKEN: target.token, PROJECT_ID: String(target.projectId), BENCH_EXPORT_PARALLEL: String(parallel) },
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const [ready] = (await once(lines, 'line')) as [string];
  if (ready !== 'ready') throw new Error(`export load: ${ready}`);
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the exporting process ended early (exit ${String(code)})`);
  });
  // Let every client have its first export under way before measuring.
  await new Promise((resolve) => setTimeout(resolve, 500));
  try {
    const result = await Promise.race([work(), exited]);
    const report = once(lines, 'line') as Promise<[string]>;
    child.kill('SIGTERM');
    const [line] = await Promise.race([report, exited]);
    return { result, exports: (JSON.parse(line) as { done: number }).done };
  } finally {
    exited.catch(() => undefined);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

export interface ReadFigures {
  rps: number;
  p50: number;
  p99: number;
}

/**
 * `connections` keep-alive clients reading the URL without pause for `seconds`; latencies in
 * fractional milliseconds (autocannon rounds to whole ones, too coarse for a ratio of 1.2 at 3 ms).
 */
export async function sampleReads(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<ReadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const endAt = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      request.on('error', reject);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < endAt) await once();
    }),
  );
  agent.destroy();
  return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
