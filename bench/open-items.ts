// Open items (pins on plans): the project's list 'Offene Punkte' with 2,000 items on 20 plans against
// one of 20 items, on SQLite and on PostgreSQL; and 'Offene Punkte als PDF' for 200 items with photos
// against 20, its time and the peak memory of the PDF process. BENCH_ONLY=open-items,items-report.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { openItemsReportMax } from '@bauakte/domain';
import { percentile } from './export';
import { median } from './files';

export interface SectionServer {
  child: ChildProcess;
  info: Record<string, unknown> & { port: number; token?: string };
}

export interface SectionDeps {
  start(script: string, env: Record<string, string>): Promise<SectionServer>;
  stop(server: SectionServer): Promise<void>;
  /** The database the other sections measure on ('PostgreSQL' with BENCH_DATABASE_URL). */
  database: string;
}

const script = 'bench/servers/open-items.ts';
const ms = (value: number) => value.toFixed(1).padStart(6);
const load = () => `load average ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')} (1 / 5 / 15 min) on ${os.availableParallelism()} cores`;

/** One GET over the keep-alive agent: its milliseconds and bytes; anything but 200 fails the run. */
function timedGet(agent: http.Agent, url: string, token: string): Promise<{ ms: number; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}: ${body.subarray(0, 200).toString()}`));
        resolve({ ms: performance.now() - started, bytes: body.length, body });
      });
    });
    request.on('error', reject);
  });
}

interface ListFigures {
  p50: number;
  p99: number;
  bytes: number;
  /** Each round's p50, for the ratio per round. */
  rounds: number[];
}

/**
 * The list as the page asks for it (`?status=UNERLEDIGT`, the default filter), one request at a
 * time (the server's own latency, no queueing behind other connections), on both projects in
 * turn: a warm-up, then BENCH_OPEN_ITEMS_ROUNDS rounds of BENCH_OPEN_ITEMS_REQUESTS each, the
 * order reversed every other round. p50 and p99 over all rounds' requests.
 */
async function measureList(server: SectionServer): Promise<{ large: ListFigures; small: ListFigures }> {
  const rounds = Number(process.env.BENCH_OPEN_ITEMS_ROUNDS ?? 6);
  const requests = Number(process.env.BENCH_OPEN_ITEMS_REQUESTS ?? 100);
  const info = server.info as SectionServer['info'] & { largeProjectId: number; smallProjectId: number; largeItems: number; smallItems: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = (projectId: number) => `http://127.0.0.1:${info.port}/api/s3/project/${projectId}/open-items?status=UNERLEDIGT&page=1&limit=50`;
  const targets = [
    { url: url(info.largeProjectId), items: info.largeItems, times: [] as number[], rounds: [] as number[], bytes: 0 },
    { url: url(info.smallProjectId), items: info.smallItems, times: [] as number[], rounds: [] as number[], bytes: 0 },
  ];
  try {
    for (const target of targets) {
      const first = await timedGet(agent, target.url, info.token!);
      const listed = (JSON.parse(first.body.toString()) as unknown[]).length;
      // The first page: all of a small project's items, the first 50 of a large one's.
      if (listed !== Math.min(target.items, 50)) throw new Error(`${target.url} listed ${listed} items, not ${Math.min(target.items, 50)}`);
      target.bytes = first.bytes;
      for (let warm = 0; warm < requests; warm++) await timedGet(agent, target.url, info.token!);
    }
    for (let round = 0; round < rounds; round++) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const phase: number[] = [];
        for (let request = 0; request < requests; request++) phase.push((await timedGet(agent, target.url, info.token!)).ms);
        target.times.push(...phase);
        target.rounds.push(percentile(phase, 50));
      }
    }
  } finally {
    agent.destroy();
  }
  const figures = (target: (typeof targets)[number]): ListFigures => ({ p50: percentile(target.times, 50), p99: percentile(target.times, 99), bytes: target.bytes, rounds: target.rounds });
  return { large: figures(targets[0]!), small: figures(targets[1]!) };
}

/** 'Offene Punkte': on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL names one, each on a server of its own seeded alike. */
export async function openItemsSection(deps: SectionDeps): Promise<void> {
  const items = Number(process.env.BENCH_OPEN_ITEMS ?? 2000);
  const databases = [
    { name: 'SQLite', url: '' },
    ...(process.env.BENCH_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.BENCH_DATABASE_URL }] : []),
  ];
  const results: Array<{ name: string; large: ListFigures; small: ListFigures }> = [];
  for (const database of databases) {
    const server = await deps.start(script, { BENCH_SEED: 'list', BENCH_OPEN_ITEMS: String(items), BENCH_DATABASE_URL: database.url });
    try {
      results.push({ name: database.name, ...(await measureList(server)) });
    } finally {
      await deps.stop(server);
    }
  }
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `open-items: GET /api/s3/project/{id}/open-items?status=UNERLEDIGT&page=1&limit=50 (the first page, as the web app asks for it), one request at a time after a warm-up, ${process.env.BENCH_OPEN_ITEMS_ROUNDS ?? 6} rounds of ${process.env.BENCH_OPEN_ITEMS_REQUESTS ?? 100} per project, alternating; ${load()}`,
  );
  for (const { name, large, small } of results) {
    const ratio50 = large.p50 / small.p50;
    const ratio99 = large.p99 / small.p99;
    const perRound = large.rounds.map((value, round) => (value / small.rounds[round]!).toFixed(2)).join(', ');
    console.log(`${name.padEnd(10)} ${String(items).padStart(5)} items on 20 plans (${kib(large.bytes)})   p50 ${ms(large.p50)} ms   p99 ${ms(large.p99)} ms`);
    console.log(`${' '.repeat(10)} baseline: 20 items on 1 plan (${kib(small.bytes)})   p50 ${ms(small.p50)} ms   p99 ${ms(small.p99)} ms`);
    console.log(`${' '.repeat(10)} ratio ${items}/20: p50 ${ratio50.toFixed(2)}× (rounds: ${perRound}), p99 ${ratio99.toFixed(2)}×`);
    console.log(`verdict (${name}): p99 ≤ 50 ms — ${large.p99 <= 50 ? 'goal met' : 'goal NOT met'}; ratio ≤ 2× (p50) — ${ratio50 <= 2 ? 'goal met' : 'goal NOT met'}`);
  }
}

// ---- 'Offene Punkte als PDF'

/** The server's PDF processes (children running pdf-process), by pid. */
function pdfProcessesOf(serverPid: number): number[] {
  const found: number[] = [];
  for (const task of fs.readdirSync(`/proc/${serverPid}/task`)) {
    let children = '';
    try {
      children = fs.readFileSync(`/proc/${serverPid}/task/${task}/children`, 'utf8');
    } catch {
      continue; // the thread has ended
    }
    for (const child of children.split(' ').filter(Boolean)) {
      try {
        if (fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('pdf-process')) found.push(Number(child));
      } catch {
        // the child has ended while it was read
      }
    }
  }
  return found;
}

/** A process's peak resident memory (VmHWM), in bytes. */
function peakRssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function exited(pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (fs.existsSync(`/proc/${pid}`)) {
    if (Date.now() > deadline) throw new Error(`the PDF process ${pid} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function report(port: number, token: string, projectId: number): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/export/open-items/${projectId}?status=UNERLEDIGT`, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`the report answered ${response.status}: ${body.subarray(0, 200).toString()}`);
  return { ms: performance.now() - started, bytes: body.length };
}

/**
 * The report made in a fresh PDF process: the idle one is ended first (the pool starts another for
 * the next job, as after its idle time in use), so its peak resident memory (VmHWM) is this
 * report's alone, from the process's start, read while the process waits idle after the answer.
 */
async function freshPeak(server: SectionServer, projectId: number): Promise<number> {
  const pid = server.child.pid!;
  for (const old of pdfProcessesOf(pid)) {
    process.kill(old, 'SIGKILL');
    await exited(old);
  }
  await report(server.info.port, server.info.token!, projectId);
  const [fresh, ...more] = pdfProcessesOf(pid);
  if (fresh === undefined || more.length > 0) throw new Error(`expected one PDF process, found ${[fresh, ...more].length}`);
  return peakRssOf(fresh);
}

/** 'Offene Punkte als PDF', 200 items with photos against 20, on one server, runs alternating. */
export async function itemsReportSection(deps: SectionDeps): Promise<void> {
  const items = Number(process.env.BENCH_REPORT_ITEMS ?? 200);
  const runs = Number(process.env.BENCH_REPORT_RUNS ?? 10);
  const memoryRuns = Number(process.env.BENCH_REPORT_MEMORY_RUNS ?? 3);
  const server = await deps.start(script, { BENCH_SEED: 'report', BENCH_REPORT_ITEMS: String(items) });
  const info = server.info as SectionServer['info'] & { largeProjectId: number; smallProjectId: number };
  const sides = [
    { name: `${items} items with photos`, projectId: info.largeProjectId, times: [] as number[], peaks: [] as number[], bytes: 0 },
    { name: 'baseline: 20 items with photos', projectId: info.smallProjectId, times: [] as number[], peaks: [] as number[], bytes: 0 },
  ];
  try {
    // Warm-up: the process's start and first layout, not counted.
    for (const side of sides) side.bytes = (await report(info.port, info.token!, side.projectId)).bytes;
    for (let run = 0; run < runs; run++) {
      for (const side of run % 2 === 0 ? sides : [...sides].reverse()) side.times.push((await report(info.port, info.token!, side.projectId)).ms);
    }
    for (let run = 0; run < memoryRuns; run++) {
      for (const side of run % 2 === 0 ? sides : [...sides].reverse()) side.peaks.push(await freshPeak(server, side.projectId));
    }
  } finally {
    await deps.stop(server);
  }
  const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;
  const laidOut = Math.min(items, openItemsReportMax);
  console.log(
    `items-report (${deps.database}): GET /api/export/open-items/{id}?status=UNERLEDIGT, each item with a photo (1600 × 1200 JPEG), a reply and a status change on one of 5 A1 plans; ` +
      `the report lays out at most ${openItemsReportMax} items and names the rest by their count; ${runs} timed runs per report in a warm PDF process after a warm-up, alternating; ` +
      `peak RSS (VmHWM) of the PDF process, the median of ${memoryRuns} reports each made in a fresh process; ${load()}`,
  );
  for (const side of sides) {
    console.log(
      `${side.name.padEnd(34)} (${(side.bytes / 1024).toFixed(0)} KB)   p50 ${ms(percentile(side.times, 50))} ms   max ${ms(Math.max(...side.times))} ms   peak RSS ${mib(median(side.peaks))} (runs: ${side.peaks.map(mib).join(', ')})`,
    );
  }
  const [large, small] = sides as [(typeof sides)[number], (typeof sides)[number]];
  console.log(
    `ratio ${items}/20 (${laidOut} laid out against 20): time ${(percentile(large.times, 50) / percentile(small.times, 50)).toFixed(2)}× (p50), peak RSS ${(median(large.peaks) / median(small.peaks)).toFixed(2)}×`,
  );
}
