// Abuse: one ordinary client account attacks the server while the 100-user workload runs, one
// attack after another — the live channel (connections that stop reading while 10 KB messages
// arrive), decompression-bomb images, PDF exports without pause, uncached pages of a heavy PDF. Per attack: the server's peak
// memory growth, the workload's p99 against the same workload without an attack (measured first,
// in the same run), the errors the other users saw, what the attacker was refused, and whether
// the server is ready afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { ChatConversation, ClientProject } from '@bauakte/domain';
import type { AttackKind, AttackPlan } from './abuse-attack';
import { rssOf } from './files';
import { planPdf } from './previews';
import { runWorkload, type DemoServerInfo, type WarmupFigures } from './workload';

const demoPassword = 'Bauakte-Demo-2026';
const metricsToken = 'bench-abuse-metrics-token-0123456789';
const mib = 1024 * 1024;

/** What bench/run.ts lends the section: its way to start and stop a bench server. */
export interface ServerControl {
  start(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; info: object }>;
  stop(server: { child: ChildProcess }): Promise<void>;
  database: string;
}

const settings = {
  users: Number(process.env.BENCH_ABUSE_USERS ?? 100),
  seconds: Number(process.env.BENCH_ABUSE_SECONDS ?? 15),
  warmupSeconds: Number(process.env.BENCH_ABUSE_WARMUP_SECONDS ?? 5),
  /** The first phase's warm-up: the server has just seeded, and its first seconds are slow. */
  firstWarmupSeconds: Number(process.env.BENCH_ABUSE_FIRST_WARMUP_SECONDS ?? 10),
  attacks: (process.env.BENCH_ABUSE_ATTACKS ?? 'live,images,exports,renders').split(',').map((name) => name.trim()) as AttackKind[],
  liveConnections: Number(process.env.BENCH_ABUSE_LIVE_CONNECTIONS ?? 20),
  chatRate: Number(process.env.BENCH_ABUSE_CHAT_RATE ?? 20),
  parallel: Number(process.env.BENCH_ABUSE_PARALLEL ?? 4),
  photos: Number(process.env.BENCH_ABUSE_PHOTOS ?? 20),
  bombSide: Number(process.env.BENCH_ABUSE_BOMB_SIDE ?? 7740),
  renderPages: Number(process.env.BENCH_ABUSE_RENDER_PAGES ?? 200),
};

/** The goals: peak RSS growth (the exports have none of their own), p99 against the quiet run; and no errors for others. */
const goals = { rssMiB: { live: 200, images: 600 } as Partial<Record<AttackKind, number>>, p99Ratio: 2 };

const titles: Record<AttackKind | 'quiet', string> = {
  quiet: 'no attack (quiet)',
  live: `live channel: ${settings.liveConnections} connections, not read`,
  images: `images: ${settings.parallel} × decompression bomb`,
  exports: `exports: ${settings.parallel} × PDF without pause`,
  renders: `renders: ${settings.parallel} × uncached PDF page`,
};

// ---- The decompression bomb

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of side × side pixels, 16-bit RGBA (8 bytes a pixel: 479 MB decoded at 7,740 px), all
 * zero: each row a filter byte 0 and its zero samples, deflated as a stream from one reused zero
 * buffer, so neither the raw image nor more than the compressed file (some hundred KB) is ever held.
 */
export async function decompressionBomb(side: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(16, 8); // bit depth
  header.writeUInt8(6, 9); // colour type: RGBA
  const zeros = Buffer.alloc(mib);
  let left = (1 + side * 8) * side;
  const rows = Readable.from(
    (function* () {
      while (left > 0) {
        const piece = Math.min(left, zeros.length);
        left -= piece;
        yield zeros.subarray(0, piece);
      }
    })(),
  );
  const compressed: Buffer[] = [];
  await pipeline(rows, zlib.createDeflate({ level: 9 }), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) compressed.push(chunk);
  });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(compressed)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The resident memory of a process and all its descendants (the server's PDF processes), in bytes. */
function treeRss(pid: number): number {
  let total = rssOf(pid);
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    let children = '';
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue; // the thread has ended
    }
    for (const child of children.split(' ').filter(Boolean)) {
      try {
        total += treeRss(Number(child));
      } catch {
        // the child has ended while it was read
      }
    }
  }
  return total;
}

// ---- Calls to the server

async function api<T>(port: number, method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

async function login(port: number, username: string): Promise<string> {
  const answer = await api<{ token: string }>(port, 'POST', '/api/auth/login', undefined, { username, password: demoPassword });
  if (answer.status !== 200) throw new Error(`login of ${username}: ${answer.status}`);
  return answer.json.token;
}

async function uploadPhoto(port: number, token: string, projectId: number, photo: Buffer, index: number): Promise<void> {
  const boundary = 'bauakte-abuse-photo';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(
      field('projectId', String(projectId)) +
        field('fileName', `Foto ${index + 1}`) +
        field('documentType', 'JPG') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto-${index + 1}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`http://127.0.0.1:${port}/api/s3/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (response.status !== 201) throw new Error(`photo upload: ${response.status} ${await response.text()}`);
}

interface Attacker {
  client: { username: string; token: string };
  architect: { username: string; token: string };
  projectId: number;
  chatId: number;
  /** The heavy many-page PDF of the renders attack (0 without that attack). */
  heavyFileId: number;
}

/** The client's heavy plan set: an A1 storey a page, as many pages as asked; answers its file id. */
async function uploadHeavyPdf(port: number, token: string, projectId: number, pdf: Buffer): Promise<number> {
  const boundary = 'bauakte-abuse-pdf';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(
      field('projectId', String(projectId)) +
        field('fileName', 'Einreichplan alle Geschoße') +
        field('documentType', 'PDF') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="einreichplan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`http://127.0.0.1:${port}/api/s3/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (response.status !== 201) throw new Error(`PDF upload: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: number };
  // The first page is rendered after the upload's answer; the attack needs the pages link it brings.
  const deadline = performance.now() + 300_000;
  while (performance.now() < deadline) {
    const listed = await api<Array<{ id: number; previewPending: boolean; pageCount: number | null }>>(port, 'GET', `/api/s3/project/${projectId}?limit=200`, token).catch(
      () => undefined,
    );
    const file = listed?.json.find((one) => one.id === id);
    if (file && !file.previewPending) {
      if (file.pageCount === null) throw new Error('the heavy PDF was stored without a preview');
      return id;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the heavy PDF got no preview within 5 minutes');
}

/**
 * The attacker: a client from the end of the list (the workload takes its clients from the front),
 * with a project and a chat with its architect. Its project gets phone photos first, so that its
 * PDF export has work in it (the demo's own files are tiny).
 */
async function prepareAttacker(info: DemoServerInfo): Promise<Attacker> {
  // Made first: on a busy machine it takes long enough for the server to close the calls' idle keep-alive connections.
  const heavyPdf = settings.attacks.includes('renders') ? await planPdf(settings.renderPages) : undefined;
  for (const username of [...info.clients].reverse().slice(0, 20)) {
    const token = await login(info.port, username);
    const projects = await api<ClientProject[]>(info.port, 'GET', `/api/DashboardClient/dashi/${username}`, token);
    const chats = await api<ChatConversation[]>(info.port, 'GET', `/api/MessageManagment/receiver/${username}?page=1&limit=100&messages=1`, token);
    const project = projects.json?.[0];
    const chat = chats.json?.[0];
    if (!project || !chat) continue;
    const architect = chat.participant.username;
    const heavyFileId = heavyPdf ? await uploadHeavyPdf(info.port, token, project.id, heavyPdf) : 0;
    const attacker = { client: { username, token }, architect: { username: architect, token: await login(info.port, architect) }, projectId: project.id, chatId: chat.chatId, heavyFileId };
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg({ quality: 85 }).toBuffer();
    for (let index = 0; index < settings.photos; index++) await uploadPhoto(info.port, token, project.id, photo, index);
    return attacker;
  }
  throw new Error('no client with a project and a chat among the last 20');
}

/** The server's live-channel counters from /metrics: refusals by kind and slow-consumer closes (1013). */
async function liveCounters(port: number): Promise<Record<string, number>> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` }, signal: AbortSignal.timeout(10_000) });
  const counters: Record<string, number> = {};
  for (const line of (await response.text()).split('\n')) {
    const refusal = /^bauakte_websocket_refusals_total\{kind="([^"]+)"\} (\d+)/.exec(line);
    if (refusal) counters[`refused: ${refusal[1]}`] = Number(refusal[2]);
    const slow = /^bauakte_websocket_slow_consumer_closes_total (\d+)/.exec(line);
    if (slow) counters['closed as slow consumer (1013)'] = Number(slow[1]);
  }
  return counters;
}

// ---- The attack's process

interface RunningAttack {
  child: ChildProcess;
  lines: readline.Interface;
  exited: Promise<unknown[]>;
}

async function startAttack(plan: AttackPlan): Promise<RunningAttack> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/abuse-attack.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_ATTACK: JSON.stringify(plan) } });
  const lines = readline.createInterface({ input: child.stdout! });
  const exited = once(child, 'exit');
  const [ready] = (await Promise.race([once(lines, 'line'), exited.then(() => ['exited'])])) as [string];
  if (ready !== 'ready') throw new Error(`the attack's process did not start: ${ready}`);
  return { child, lines, exited };
}

/** Ends the attack; answers what it met, by outcome. */
async function stopAttack(attack: RunningAttack): Promise<Record<string, number>> {
  if (attack.child.exitCode !== null) return { 'the attack process ended early': 1 };
  const report = once(attack.lines, 'line') as Promise<[string]>;
  attack.child.kill('SIGTERM');
  const [line] = await Promise.race([report, attack.exited.then(() => ['{"the attack process ended without a report":1}'])]);
  return JSON.parse(line) as Record<string, number>;
}

// ---- One phase: the workload, with an attack or without

interface PhaseResult {
  kind: AttackKind | 'quiet';
  overall?: WarmupFigures;
  errors: number;
  examples: string[];
  /** The server process's peak RSS growth, and with its descendants (the PDF processes). */
  growthMiB: number;
  treeGrowthMiB: number;
  afterMiB: number;
  /** The machine's load average (1 min) at the phase's end: other work on it shows here. */
  load: number;
  attacker: Record<string, number>;
  serverCounters: Record<string, number>;
  ready: string;
}

interface Server {
  child: ChildProcess;
  info: DemoServerInfo;
  exit: string | null;
  attacker: Attacker;
}

/** GET /api/ready once the attack has stopped: its first answer and, if that is not 200, how long until it is (up to 30 s). */
async function readiness(server: Server): Promise<string> {
  const ask = async (): Promise<string> => {
    if (server.exit) return `server gone (${server.exit})`;
    try {
      const response = await fetch(`http://127.0.0.1:${server.info.port}/api/ready`, { signal: AbortSignal.timeout(10_000) });
      const body = (await response.json()) as { message?: string };
      return response.status === 200 ? '200' : `${response.status} ${body.message ?? ''}`.trim();
    } catch (error) {
      return server.exit ? `server gone (${server.exit})` : `no answer (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  const started = performance.now();
  const first = await ask();
  if (first === '200' || server.exit) return first;
  while (performance.now() - started < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if ((await ask()) === '200') return `${first}; 200 after ${((performance.now() - started) / 1000).toFixed(1)} s`;
  }
  return `${first}; not ready within 30 s`;
}

async function runPhase(server: Server, kind: AttackKind | 'quiet', pngFile: string, warmupSeconds: number): Promise<PhaseResult> {
  const pid = server.child.pid!;
  const sample = (of: (pid: number) => number) => {
    try {
      return of(pid);
    } catch {
      return 0; // the server has gone
    }
  };
  const sampleRss = () => sample(rssOf);
  const countersBefore = kind === 'live' ? await liveCounters(server.info.port) : {};
  let before = 0;
  let peak = 0;
  let treeBefore = 0;
  let treePeak = 0;
  let sampler: NodeJS.Timeout | undefined;
  let attack: RunningAttack | undefined;
  const result: PhaseResult = { kind, errors: 0, examples: [], growthMiB: 0, treeGrowthMiB: 0, afterMiB: 0, load: 0, attacker: {}, serverCounters: {}, ready: '' };
  try {
    const workload = await runWorkload(server.info, {
      users: settings.users, architectShare: 0.4, seconds: settings.seconds, warmupSeconds, thinkMs: [200, 600],
      serverPids: [pid], ports: [server.info.port],
      // The attack runs from the users' first action: through the warm-up and the timed phase.
      onStart: async () => {
        before = sampleRss();
        peak = before;
        treeBefore = sample(treeRss);
        treePeak = treeBefore;
        sampler = setInterval(() => {
          peak = Math.max(peak, sampleRss());
          treePeak = Math.max(treePeak, sample(treeRss));
        }, 100);
        if (kind === 'quiet') return;
        const { attacker } = server;
        attack = await startAttack({
          kind, port: server.info.port, client: attacker.client, architect: attacker.architect, projectId: attacker.projectId, chatId: attacker.chatId, heavyFileId: attacker.heavyFileId, pngFile,
          liveConnections: settings.liveConnections, chatRate: settings.chatRate, parallel: settings.parallel,
        });
      },
    });
    result.overall = workload.overall;
    result.errors = workload.figures.reduce((sum, figure) => sum + figure.errors, 0) + workload.warmup.errors;
    result.examples = workload.examples.slice(0, 5);
  } catch (error) {
    // The workload cannot finish on a server that has gone (its CPU time is read from /proc).
    result.examples = [`the workload stopped: ${error instanceof Error ? error.message : String(error)}`];
    result.errors = Number.NaN;
  } finally {
    clearInterval(sampler);
    if (attack) result.attacker = await stopAttack(attack);
  }
  result.load = os.loadavg()[0]!;
  result.growthMiB = (peak - before) / mib;
  result.treeGrowthMiB = (treePeak - treeBefore) / mib;
  result.ready = await readiness(server);
  result.afterMiB = (sampleRss() - before) / mib;
  if (kind === 'live' && !server.exit) {
    const after = await liveCounters(server.info.port);
    for (const [name, value] of Object.entries(after)) if (value - (countersBefore[name] ?? 0) > 0) result.serverCounters[name] = value - (countersBefore[name] ?? 0);
  }
  return result;
}

// ---- The section

export async function abuseSection(control: ServerControl): Promise<void> {
  const pngFile = path.join(os.tmpdir(), `bauakte-bomb-${process.pid}.png`);
  const png = await decompressionBomb(settings.bombSide);
  fs.writeFileSync(pngFile, png);
  const startServer = async (): Promise<Server> => {
    const started = await control.start('bench/servers/demo.ts', { BENCH_DEMO_SCALE: '1', BENCH_METRICS_TOKEN: metricsToken });
    const info = started.info as unknown as DemoServerInfo;
    const server: Server = { child: started.child, info, exit: null, attacker: undefined as unknown as Attacker };
    started.child.once('exit', (code, signal) => (server.exit = signal ? `killed by ${signal}` : `exit code ${code}`));
    try {
      server.attacker = await prepareAttacker(info);
    } catch (error) {
      await control.stop(started);
      throw error;
    }
    return server;
  };
  let server = await startServer();
  const seeded = server.info;
  const results: PhaseResult[] = [];
  try {
    // Quiet phases between the attacks: each attack is compared with the quiet phases on either side,
    // so that the machine's drift (other work on it, the server warming up) hits both alike.
    const phases: (AttackKind | 'quiet')[] = ['quiet', ...settings.attacks.flatMap((kind) => [kind, 'quiet' as const])];
    for (const [index, kind] of phases.entries()) {
      // An attack that took the server down leaves a fresh one for the next.
      if (server.exit) server = await startServer();
      results.push(await runPhase(server, kind, pngFile, index === 0 ? settings.firstWarmupSeconds : settings.warmupSeconds));
    }
  } finally {
    fs.rmSync(pngFile, { force: true });
    if (!server.exit) await control.stop(server);
  }
  report(control.database, seeded, server.attacker, png.length, results);
}

function report(database: string, info: DemoServerInfo, attacker: Attacker, pngBytes: number, results: PhaseResult[]): void {
  const counts = info.counts;
  const side = settings.bombSide;
  console.log(`abuse (${database}): demo installation of ${counts.projects} projects, ${counts.customers} customers, ${counts.messages} messages, seeded in ${info.seedSeconds.toFixed(1)} s`);
  console.log(
    `${settings.users} simulated users (the workload's mix) per phase: ${settings.warmupSeconds} s warm-up (the first phase ${settings.firstWarmupSeconds} s) + ${settings.seconds} s timed; an attack runs through both. ` +
      `Attacker: client ${attacker.client.username} (project ${attacker.projectId} with ${settings.photos} photos of 2000 × 1500, chat ${attacker.chatId} with ${attacker.architect.username})`,
  );
  console.log(
    `attacks: live — ${settings.liveConnections} STOMP connections at once, each subscribed to all a client may (3), then not read, while ${attacker.architect.username} sends ${settings.chatRate} messages of 10,000 characters a second into the chat; ` +
      `images — ${settings.parallel} uploads at once of a ${side} × ${side} 16-bit RGBA PNG (${(pngBytes / 1024).toFixed(0)} KB, ${(((1 + side * 8) * side) / mib).toFixed(0)} MiB decoded), again and again; ` +
      `exports — ${settings.parallel} PDF exports of the project at once by ${attacker.architect.username} (clients may not export), without pause; ` +
      `renders — ${settings.parallel} pages at once of the client's ${settings.renderPages}-page A1 plan set, each page at each width once (none cached), a refused lane waiting as Retry-After says. Server RSS sampled every 100 ms.`,
  );
  const num = (value: number | undefined, digits = 1) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));
  /** An attack's p99 against the mean of the quiet phases' p99 just before and after it. */
  const ratioOf = (index: number) => {
    const p99 = results[index]!.overall?.p99;
    const quiet = [results[index - 1], results[index + 1]].flatMap((one) => (one?.kind === 'quiet' && one.overall ? [one.overall.p99] : []));
    return p99 === undefined || quiet.length === 0 ? Number.NaN : p99 / (quiet.reduce((sum, value) => sum + value, 0) / quiet.length);
  };
  console.log(
    `${'phase'.padEnd(40)} ${'requests'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'p99/quiet'.padStart(9)} ${'errors'.padStart(6)} ` +
      `${'RSS peak +MiB'.padStart(13)} ${'with PDF proc.'.padStart(14)} ${'after +MiB'.padStart(10)} ${'load'.padStart(5)}  /api/ready after`,
  );
  for (const [index, result] of results.entries()) {
    console.log(
      `${titles[result.kind].padEnd(40)} ${String(result.overall?.requests ?? '–').padStart(8)} ${num(result.overall?.p50).padStart(7)} ${num(result.overall?.p99).padStart(7)} ` +
        `${(result.kind === 'quiet' ? '' : num(ratioOf(index), 2)).padStart(9)} ${num(result.errors, 0).padStart(6)} ${num(result.growthMiB, 0).padStart(13)} ` +
        `${num(result.treeGrowthMiB, 0).padStart(14)} ${num(result.afterMiB, 0).padStart(10)} ${num(result.load).padStart(5)}  ${result.ready}`,
    );
  }
  console.log(
    `p99/quiet: the attack's p99 over the mean p99 of the quiet phases before and after it. RSS: the server process's peak over its level at the phase's start; ` +
      `'with PDF proc.': with its child processes; load: the machine's load average at the phase's end (${os.cpus().length} cores)`,
  );
  const listed = (outcomes: Record<string, number>) =>
    Object.entries(outcomes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name} ×${value}`)
      .join(', ') || 'none';
  console.log("the attacker's outcomes (by status, STOMP ERROR code or close):");
  for (const result of results.filter((one) => one.kind !== 'quiet')) {
    console.log(`  ${result.kind}: ${listed(result.attacker)}`);
    if (result.kind === 'live') console.log(`  live, the server's counters (/metrics): ${listed(result.serverCounters)}`);
  }
  for (const result of results) for (const example of result.examples) console.log(`  error (${result.kind}): ${example}`);
  for (const [index, result] of results.entries()) {
    if (result.kind === 'quiet') continue;
    const kind = result.kind;
    const ratio = ratioOf(index);
    const growth = Math.max(result.growthMiB, result.treeGrowthMiB);
    const verdict = (met: boolean) => (met ? 'goal met' : 'goal NOT met');
    const rssGoal = goals.rssMiB[kind];
    console.log(
      `verdict ${kind}: RSS growth ${num(growth, 0)} MiB${rssGoal === undefined ? ' (no goal)' : ` ≤ ${rssGoal} MiB — ${verdict(growth <= rssGoal)}`}; ` +
        `p99 ${num(ratio, 2)}× quiet ≤ ${goals.p99Ratio}× — ${verdict(ratio <= goals.p99Ratio)}; errors for others ${num(result.errors, 0)} — ${verdict(result.errors === 0)}; ` +
        `ready at once afterwards: ${result.ready === '200' ? 'yes' : `NO (${result.ready})`}`,
    );
  }
}
