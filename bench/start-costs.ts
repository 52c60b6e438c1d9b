// npm run start-costs -- <trace.json> [dist]: what a page's start spends its long tasks on, by source
// line. Reads a trace that `LIGHTHOUSE_PROFILE=1 npm run lighthouse` wrote (with Chrome's CPU
// samples) and maps each sample to the source through the build's source maps, so the build
// measured must be made with them: `npm run build -w @bauakte/web -- --sourcemap`.
// Prints each task over 12.5 ms (50 ms on Lighthouse's phone, whose CPU it takes as 4× slower, the
// length from which a task counts toward the total blocking time) with its biggest lines, then the
// lines summed over all of them. Times are this machine's, not the simulated phone's.
// START_COSTS_SLOWDOWN=<n>: the CPU slowdown the trace was measured for (LIGHTHOUSE_CPU_SLOWDOWN;
// 4 by default), so a task counts from 50 / n ms.
// START_COSTS_ENTRIES=1 also names, per task, the functions the browser called into (a timer's
// callback, an event listener, a module's top level): which pieces of work one task is made of.
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: ProfileChunkData & { startTime?: number; documentLoaderURL?: string } };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

interface ProfileChunkData {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
  lines?: number[];
  columns?: number[];
}

/** One CPU sample: when, which function, and the line it was on. */
interface Sample {
  at: number;
  /** How long it stands for, in µs (the time to the next sample). */
  weight: number;
  node: ProfileNode;
  line: number;
  column: number;
}

const longTaskMicros = 50_000 / Number(process.env.START_COSTS_SLOWDOWN ?? 4);
const [traceFile, distArgument] = process.argv.slice(2);
if (!traceFile) throw new Error('Aufruf: npm run start-costs -- <trace.json> [apps/web/dist]');
const dist = path.resolve(distArgument ?? 'apps/web/dist');
const raw = JSON.parse(fs.readFileSync(traceFile, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(raw) ? raw : raw.traceEvents;

/**
 * The page's renderer: the process that navigated to an http(s) page, else the one with the most CPU
 * samples (a service worker or the browser's own pages may run in renderers of their own).
 */
function pageProcess(): number {
  const navigated = events.find((event) => event.name === 'navigationStart' && /^https?:/.test(event.args?.data?.documentLoaderURL ?? ''));
  if (navigated) return navigated.pid;
  const samples = new Map<number, number>();
  for (const event of events) {
    if (event.name === 'ProfileChunk') samples.set(event.pid, (samples.get(event.pid) ?? 0) + (event.args?.data?.cpuProfile?.samples?.length ?? 0));
  }
  const [pid] = [...samples.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (pid === undefined) throw new Error(`${traceFile}: keine CPU-Samples — mit LIGHTHOUSE_PROFILE=1 aufgenommen?`);
  return pid;
}

const nodes = new Map<number, ProfileNode>();

function samplesOf(pid: number): Sample[] {
  const ids: number[] = [];
  const deltas: number[] = [];
  const lines: number[] = [];
  const columns: number[] = [];
  let at = 0;
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile') at = event.args?.data?.startTime ?? at;
    if (event.name !== 'ProfileChunk') continue;
    const data = event.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const chunk = data.cpuProfile?.samples ?? [];
    ids.push(...chunk);
    deltas.push(...(data.timeDeltas ?? []));
    lines.push(...(data.lines ?? chunk.map(() => 0)));
    columns.push(...(data.columns ?? chunk.map(() => 0)));
  }
  const samples: Sample[] = [];
  ids.forEach((id, index) => {
    at += deltas[index] ?? 0;
    const node = nodes.get(id);
    if (node) samples.push({ at, weight: deltas[index + 1] ?? 0, node, line: lines[index] ?? 0, column: columns[index] ?? 0 });
  });
  return samples;
}

/** The renderer's main thread: the one of its threads with the most task time. */
function longTasksOf(pid: number): TraceEvent[] {
  const busy = new Map<number, number>();
  for (const event of events) if (event.name === 'RunTask' && event.pid === pid) busy.set(event.tid, (busy.get(event.tid) ?? 0) + (event.dur ?? 0));
  const [tid] = [...busy.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  return events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === pid && event.tid === tid && (event.dur ?? 0) > longTaskMicros);
}

const maps = new Map<string, SourceMapConsumer | null>();

function sourceMapOf(url: string): SourceMapConsumer | null {
  const file = path.join(dist, new URL(url).pathname);
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, fs.existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap) : null);
  }
  return maps.get(file) ?? null;
}

/** 'apps/web/src/lib/date-time.ts:3', 'zod/v4/core/core.js:65', or what the browser itself did ('(garbage collector)', 'appendChild'). */
function placeOf(sample: Sample): string {
  const { url = '', functionName } = sample.node.callFrame;
  if (!url.startsWith('http')) return functionName || '(program)';
  const map = sourceMapOf(url);
  const original = map && sample.line > 0 ? map.originalPositionFor({ line: sample.line, column: Math.max(0, sample.column - 1) }) : null;
  if (!original?.source) return `${new URL(url).pathname}:${sample.line}`;
  // Sources are named relative to the map ('../../src/lib/api.ts'): from the repository's root they read as paths.
  const source = path.relative(process.cwd(), path.resolve(path.dirname(path.join(dist, new URL(url).pathname)), original.source));
  return `${source.replace(/^.*node_modules\//, '')}:${original.line ?? 0}`;
}

/** The outermost function of the page's scripts on the sample's stack: what the browser called. */
function entryOf(sample: Sample): string {
  let entry: ProfileNode | undefined;
  for (let node: ProfileNode | undefined = sample.node; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
    if (node.callFrame.url?.startsWith('http')) entry = node;
  }
  if (!entry) return placeOf(sample);
  const { functionName, lineNumber, columnNumber } = entry.callFrame;
  return `${functionName || '(anonym)'} in ${placeOf({ ...sample, node: entry, line: lineNumber + 1, column: columnNumber + 1 })}`;
}

function top(totals: Map<string, number>, count: number): string[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([place, micros]) => `${(micros / 1000).toFixed(1).padStart(7)} ms  ${place}`);
}

function main(): void {
  const pid = pageProcess();
  const samples = samplesOf(pid);
  const navigationStart = events.find((event) => event.name === 'navigationStart' && event.pid === pid)?.ts ?? 0;
  const overall = new Map<string, number>();
  const tasks = longTasksOf(pid);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inTask = new Map<string, number>();
    const entries = new Map<string, number>();
    for (const sample of samples.filter((each) => each.at >= task.ts && each.at <= end)) {
      const place = placeOf(sample);
      inTask.set(place, (inTask.get(place) ?? 0) + sample.weight);
      overall.set(place, (overall.get(place) ?? 0) + sample.weight);
      const entry = entryOf(sample);
      entries.set(entry, (entries.get(entry) ?? 0) + sample.weight);
    }
    console.log(`Task bei ${((task.ts - navigationStart) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(1)} ms`);
    for (const line of top(inTask, 4)) console.log(`  ${line}`);
    if (process.env.START_COSTS_ENTRIES === '1') for (const line of top(entries, 6)) console.log(`    aufgerufen: ${line.trim()}`);
  }
  const total = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0);
  console.log(`\n${tasks.length} lange Tasks, zusammen ${(total / 1000).toFixed(0)} ms; die größten Stellen:`);
  for (const line of top(overall, Number(process.env.START_COSTS_TOP ?? 25))) console.log(line);
}

main();
