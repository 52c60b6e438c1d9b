// Authenticated API read against a bare Fastify hello-world, measured in the same run
// (docs/performance.md). Each server runs in its own process; autocannon loads it over loopback for a fixed,
// bounded time. Prints requests/s and latency of both and their ratio.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { median, multipartFraming, peakGrowth, rssOf, timeUpload } from './files';
import { closeAll, rawBroadcast, stompBroadcast } from './chat';
import { percentile, sampleReads, timeExports, whileExporting, type ReadFigures } from './export';
import { cpuSecondsOf, dashboardCosts, runWorkload, workloadTable, type DemoServerInfo } from './workload';
import { compareCallCosts } from './call-costs';
import { callgrindAvailable, compareInstructions } from './instructions';
import { serverCommand } from './build-servers';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Started {
  child: ChildProcess;
  info: { port: number; token?: string; username?: string; projectId?: number; listProjectId?: number; clientToken?: string; clientUsername?: string; chatId?: number; exportProjectId?: number; longNamesProjectId?: number };
}

/**
 * The read's servers run on one core and the load generator on another (taskset), where the machine
 * has two: left to the scheduler they sometimes shared a core, and the same build's ratio varied
 * from 50 to 68 % between runs (pinned: 56 – 57 %). BENCH_PIN=0 turns it off.
 */
const pinning = process.env.BENCH_PIN !== '0' && os.availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;
const serverCpu = '1';

function pinSelf(cpus: string): void {
  if (pinning) spawnSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
}

/** `cwd`: another checkout to run the script of (a baseline), with its own node_modules. */
async function start(script: string, env: Record<string, string> = {}, cpu?: string, cwd?: string): Promise<Started> {
  const node = [process.execPath, ...(await serverCommand(script, cwd))];
  const [command, ...args] = pinning && cpu ? ['taskset', '-c', cpu, ...node] : node;
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env }, cwd });
  const [line] = (await once(readline.createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, info: JSON.parse(line) };
}

async function load(url: string, headers: Record<string, string> = {}, duration = seconds) {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total };
}

async function stop(server: Started): Promise<void> {
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}

interface ReadTarget {
  script: string;
  path: (info: Started['info']) => string;
  env?: Record<string, string>;
  /** Another checkout whose server this is (BENCH_BASELINE_DIR). */
  cwd?: string;
}

/**
 * The read servers run side by side and are loaded in turn, BENCH_ROUNDS short phases each (after
 * a warm-up of BENCH_SECONDS), the order reversed every other round, so that a busy machine slows
 * all of them alike; the figures are the medians of the phases, the ratios the medians of each
 * round's ratios.
 */
async function measureInTurn(targets: ReadTarget[]) {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
  const servers = await Promise.all(targets.map((target) => start(target.script, target.env, serverCpu, target.cwd)));
  pinSelf('0');
  try {
    const urls = servers.map((server, index) => ({
      url: `http://127.0.0.1:${server.info.port}${targets[index]!.path(server.info)}`,
      headers: server.info.token ? { authorization: `Bearer ${server.info.token}` } : ({} as Record<string, string>),
    }));
    for (const { url, headers } of urls) await load(url, headers); // warm-up, discarded
    // Besides requests/s, the server's CPU per request (/proc), which a busy machine changes less.
    const phases: Array<Array<{ rps: number; p50: number; p99: number; cpuMicroseconds: number }>> = targets.map(() => []);
    for (let round = 0; round < rounds; round++) {
      const order = [...urls.entries()];
      for (const [index, { url, headers }] of round % 2 === 0 ? order : order.reverse()) {
        const pid = servers[index]!.child.pid!;
        const cpuBefore = cpuSecondsOf(pid);
        const phase = await load(url, headers, roundSeconds);
        phases[index]!.push({ ...phase, cpuMicroseconds: ((cpuSecondsOf(pid) - cpuBefore) * 1e6) / phase.requests });
      }
    }
    return phases.map((runs) => ({
      runs,
      rps: median(runs.map((run) => run.rps)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
    }));
  } finally {
    pinSelf(`0-${os.availableParallelism() - 1}`);
    await Promise.all(servers.map(stop));
  }
}

const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
// BENCH_ONLY=read,upload,live,export,previews,prepared,workload,calls,instructions,abuse,open-items,items-report,pins-viewer runs only those sections (all by default).
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
/** The sections below, in their order: `wanted` takes no other name, so none can be left out of a whole run. */
const allSections = ['read', 'upload', 'live', 'export', 'previews', 'prepared', 'workload', 'calls', 'instructions', 'abuse', 'open-items', 'items-report', 'pins-viewer'] as const;
const wanted = (section: (typeof allSections)[number]) => !only || only.includes(section);
const sections = allSections.filter(wanted);
if (process.env.BENCH_SECTION_PROCESS !== '1') {
  console.log(`servers: ${process.env.BENCH_FROM_SOURCE === '1' ? 'run from their sources through tsx (BENCH_FROM_SOURCE=1)' : 'bundled as npm run build bundles the server (bench/build-servers.ts)'}`);
}

/**
 * More than one section: each runs in a load generator of its own (this script again, with
 * BENCH_ONLY=<section>), as every server already does, so that no section measures what an
 * earlier one left in the generator. In one process the workload's generator had grown to 337 MB
 * (148 MB when run alone), its event loop stalled for up to 93 – 105 ms (21 – 22 ms in a process of
 * its own), and each stall was in the latencies it recorded: 0 of 3 whole runs met the workload's
 * goals, against 3 of 3 (alternating pairs of whole runs on PostgreSQL).
 */
if (sections.length > 1) {
  for (const section of sections) {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], { stdio: 'inherit', env: { ...process.env, BENCH_ONLY: section, BENCH_SECTION_PROCESS: '1' } });
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) process.exit(code ?? 1);
  }
  process.exit(0);
}
const row = (name: string, r: { rps: number; p50: number; p99: number }) =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms`;

const baselineDir = process.env.BENCH_BASELINE_DIR ? path.resolve(process.env.BENCH_BASELINE_DIR) : undefined;
/** Median of the rounds' ratios of requests/s, `of` to `to`: the rounds ran in turn, under the same load. */
const roundRatio = (of: { runs: { rps: number }[] }, to: { runs: { rps: number }[] }) => median(of.runs.map((run, round) => run.rps / to.runs[round]!.rps));

if (wanted('read')) {
  const read = { script: 'bench/servers/bauakte.ts', path: () => '/api/auth/me' };
  // The same read with every request asking the database (the session cache turned off), for comparison.
  const uncachedRead = { ...read, env: { SESSION_CACHE_SECONDS: '0' } };
  // With BENCH_BASELINE_DIR, each read of the other checkout's server is loaded right after this one's.
  const figures = await measureInTurn([
    { script: 'bench/servers/hello.ts', path: () => '/hello' },
    read,
    ...(baselineDir ? [{ ...read, cwd: baselineDir }] : []),
    uncachedRead,
    ...(baselineDir ? [{ ...uncachedRead, cwd: baselineDir }] : []),
  ]);
  const [baseline, auth, uncached] = [figures[0]!, figures[1]!, figures[baselineDir ? 3 : 2]!];
  const ratio = (of: typeof auth) => roundRatio(of, baseline) * 100;
  console.log(`bench: ${connections} connections; after a warm-up of ${seconds} s each, ${baseline.runs.length} rounds of ${process.env.BENCH_ROUND_SECONDS ?? 2} s per server in turn (medians)${pinning ? `; servers on CPU ${serverCpu}, load generator on CPU 0` : ''}`);
  console.log(row('baseline: bare Fastify GET /hello', baseline));
  console.log(row(`authenticated GET /api/auth/me (${database})`, auth));
  console.log(row('  the same, SESSION_CACHE_SECONDS=0', uncached));
  console.log(`ratio: the authenticated read serves ${ratio(auth).toFixed(0)} % of the baseline's requests/s (rounds: ${auth.runs.map((run, round) => ((run.rps / baseline.runs[round]!.rps) * 100).toFixed(0)).join(', ')} %)`);
  console.log(`ratio without the session cache: ${ratio(uncached).toFixed(0)} %`);
  if (baselineDir) {
    const [before, beforeUncached] = [figures[2]!, figures[4]!];
    console.log(`compared with the checkout in ${baselineDir} (BENCH_BASELINE_DIR), in the same turns:`);
    console.log(row('  its GET /api/auth/me', before));
    console.log(row('  its GET /api/auth/me, SESSION_CACHE_SECONDS=0', beforeUncached));
    const compare = (name: string, of: typeof auth, to: typeof auth) => {
      const rounds = (figure: (run: (typeof auth.runs)[number]) => number) => of.runs.map((run, round) => figure(run) / figure(to.runs[round]!));
      const [rps, cpu] = [rounds((run) => run.rps), rounds((run) => run.cpuMicroseconds)];
      const cpuOf = (figures: typeof auth) => median(figures.runs.map((run) => run.cpuMicroseconds)).toFixed(0);
      console.log(`ratio this checkout / BENCH_BASELINE_DIR, ${name}: requests/s ${median(rps).toFixed(2)}× (rounds: ${rps.map((value) => value.toFixed(2)).join(', ')})`);
      console.log(`  server CPU per request ${cpuOf(of)} µs / ${cpuOf(to)} µs: ${median(cpu).toFixed(2)}× (rounds: ${cpu.map((value) => value.toFixed(2)).join(', ')})`);
    };
    compare('with the session cache', auth, before);
    compare('SESSION_CACHE_SECONDS=0', uncached, beforeUncached);
  }
}

if (wanted('upload')) {
  // Uploads: 100 MiB through the API (multipart, format check, store, row) against a plain pipe to a file.
  const uploadMiB = Number(process.env.BENCH_UPLOAD_MIB ?? 100);
  const uploadRuns = 3;
  const uploadBytes = uploadMiB * 1024 * 1024;

  async function uploadSeconds(server: Started, target: (info: Started['info']) => Parameters<typeof timeUpload>[0]) {
    const times: number[] = [];
    await timeUpload(target(server.info), 8 * 1024 * 1024); // warm-up
    const { growth } = await peakGrowth(server.child, async () => {
      for (let run = 0; run < uploadRuns; run++) times.push(await timeUpload(target(server.info), uploadBytes));
    });
    return { seconds: median(times), growth };
  }

  const pipe = await start('bench/servers/pipe-to-file.ts');
  const pipeUpload = await uploadSeconds(pipe, (info) => ({ port: info.port, path: '/', headers: { 'content-type': 'application/pdf' } })).finally(() => stop(pipe));
  const portal = await start('bench/servers/bauakte.ts');
  let list: Awaited<ReturnType<typeof load>>;
  let portalUpload: Awaited<ReturnType<typeof uploadSeconds>>;
  try {
    portalUpload = await uploadSeconds(portal, (info) => {
      const framing = multipartFraming(info.projectId!);
      return { port: info.port, path: `/api/s3/upload?projectId=${info.projectId}`, headers: { authorization: `Bearer ${info.token}`, 'content-type': framing.contentType }, framing };
    });
    // A project with 200 files, listed (with a signed link for each) by 10 connections at once.
    const framing = multipartFraming(portal.info.listProjectId!);
    const target = {
      port: portal.info.port,
      path: `/api/s3/upload?projectId=${portal.info.listProjectId}`,
      headers: { authorization: `Bearer ${portal.info.token}`, 'content-type': framing.contentType },
      framing,
    };
    for (let i = 0; i < 200; i++) await timeUpload(target, 2048);
    // The largest page (200): the same 200 files as before the list was paged.
    const url = `http://127.0.0.1:${portal.info.port}/api/s3/project/${portal.info.listProjectId}?limit=200`;
    const headers = { authorization: `Bearer ${portal.info.token}` };
    await load(url, headers);
    list = await load(url, headers);
  } finally {
    await stop(portal);
  }
  const throughput = (seconds: number) => uploadMiB / seconds;
  console.log(`upload: ${uploadMiB} MiB, median of ${uploadRuns} runs after a warm-up`);
  console.log(`baseline: node:http piping the body to a file      ${throughput(pipeUpload.seconds).toFixed(0).padStart(6)} MiB/s   server memory +${(pipeUpload.growth / 1024 / 1024).toFixed(0)} MiB`);
  console.log(`POST /api/s3/upload (${database}, disk store)      ${throughput(portalUpload.seconds).toFixed(0).padStart(6)} MiB/s   server memory +${(portalUpload.growth / 1024 / 1024).toFixed(0)} MiB`);
  console.log(`ratio: the upload reaches ${((pipeUpload.seconds / portalUpload.seconds) * 100).toFixed(0)} % of the baseline's throughput`);
  console.log(row('GET /api/s3/project/{id} with 200 files', list));
}

if (wanted('live')) {
  // Live channel: 1,000 subscribers of one chat; a SEND through the broker (authorized, stored, read
  // back, delivered) against a bare ws broadcast of a message of the same size.
  const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
  const liveMessages = Number(process.env.BENCH_LIVE_MESSAGES ?? 200);
  const mibOf = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  const raw = await start('bench/servers/ws-broadcast.ts');
  let rawFigures: Awaited<ReturnType<typeof rawBroadcast>>;
  try {
    rawFigures = await rawBroadcast(raw.info.port, subscribers, liveMessages);
    closeAll([...rawFigures.sockets, rawFigures.sender]);
  } finally {
    await stop(raw);
  }
  const live = await start('bench/servers/bauakte.ts');
  let stompFigures: Awaited<ReturnType<typeof stompBroadcast>>;
  let perConnection = Number.NaN;
  let restSend: Awaited<ReturnType<typeof load>>;
  try {
    const before = rssOf(live.child.pid!);
    stompFigures = await stompBroadcast({
      port: live.info.port,
      token: live.info.token!,
      chatId: live.info.chatId!,
      sender: live.info.username!,
      receiver: live.info.clientUsername!,
      count: subscribers,
      messages: liveMessages,
      // Connected and subscribed, nothing sent yet: what an idle connection holds.
      onReady: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        perConnection = (rssOf(live.child.pid!) - before) / subscribers;
      },
    });
    closeAll([...stompFigures.sockets, stompFigures.sender]);
    const url = `http://127.0.0.1:${live.info.port}/api/MessageManagment`;
    const body = JSON.stringify({ message: 'Per REST', senderUsername: live.info.username, receiverUsername: live.info.clientUsername, chatId: live.info.chatId, isRead: false });
    const sendOptions = { method: 'POST' as const, body, headers: { authorization: `Bearer ${live.info.token}`, 'content-type': 'application/json' } };
    const post = async () => {
      const result = await autocannon({ url, connections, duration: seconds, ...sendOptions });
      if (result.errors > 0 || result.non2xx > 0) throw new Error(`REST send: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total };
    };
    await post();
    restSend = await post();
  } finally {
    await stop(live);
  }
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  console.log(`live channel: ${subscribers} subscribers, ${liveMessages} messages of ~250 bytes, first 5 not counted`);
  console.log(`baseline: bare ws broadcast                  p50 ${ms(rawFigures.p50)}   p99 ${ms(rawFigures.p99)}   (${rawFigures.deliveries} deliveries)`);
  console.log(`STOMP SEND → MESSAGE (${database})             p50 ${ms(stompFigures.p50)}   p99 ${ms(stompFigures.p99)}   (${stompFigures.deliveries} deliveries)`);
  console.log(`ratio: the broker's p99 is ${(stompFigures.p99 / rawFigures.p99).toFixed(2)}× the bare broadcast's`);
  console.log(`memory per idle connection: ${(perConnection / 1024).toFixed(1)} KB (server RSS growth ${mibOf(perConnection * subscribers)} MiB for ${subscribers})`);
  console.log(row('REST POST /api/MessageManagment', restSend));
}

// Export: a finished questionnaire and 20 photos as PDF, and 50 files with long names as a ratio to it; then the authenticated read's p99 alone and
// while four exports run without pause, one after the other in the same server.
if (wanted('export')) {
  const exportRuns = Number(process.env.BENCH_EXPORT_RUNS ?? 30);
  const server = await start('bench/servers/bauakte.ts', { BENCH_EXPORT_PROJECT: '1' });
  try {
    const target = { port: server.info.port, token: server.info.token!, projectId: server.info.exportProjectId! };
    const { times, bytes } = await timeExports(target, exportRuns);
    const longNames = await timeExports({ ...target, projectId: server.info.longNamesProjectId! }, exportRuns);
    const readUrl = `http://127.0.0.1:${server.info.port}/api/auth/me`;
    const headers = { authorization: `Bearer ${server.info.token}` };
    const read = () => sampleReads(readUrl, headers, connections, seconds);
    await read(); // warm-up, discarded
    // Quiet and busy phases alternate, so a drift of the machine hits both alike.
    const quiet: ReadFigures[] = [];
    const busy: ReadFigures[] = [];
    let exportsDone = 0;
    for (let round = 0; round < 3; round++) {
      quiet.push(await read());
      if (round === 2) break;
      const phase = await whileExporting(target, 4, read);
      busy.push(phase.result);
      exportsDone += phase.exports;
    }
    const fixed = (value: number) => value.toFixed(1).padStart(5);
    const phaseRow = (name: string, figures: ReadFigures[]) =>
      `${name.padEnd(44)} ${figures.map((f) => `${f.rps.toFixed(0)} req/s p50 ${fixed(f.p50)} p99 ${fixed(f.p99)} ms`).join('  |  ')}`;
    console.log(`export: PDF of a finished questionnaire with 20 photos (${(bytes / 1024).toFixed(0)} KB), ${exportRuns} runs one after another`);
    console.log(`GET /api/export/pdf/{id} (${database})            p50 ${percentile(times, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(times, 99).toFixed(0).padStart(5)} ms`);
    console.log(`GET /api/export/pdf/{id}, 50 files with 255-character names and 200-character titles without a space (${(longNames.bytes / 1024).toFixed(0)} KB)    p50 ${percentile(longNames.times, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(longNames.times, 99).toFixed(0).padStart(5)} ms`);
    console.log(`ratio: the long names' export takes ${(percentile(longNames.times, 50) / percentile(times, 50)).toFixed(2)}× the finished project's (p50)`);
    console.log(`authenticated read GET /api/auth/me, ${connections} connections, ${seconds} s per phase, phases alternating:`);
    console.log(phaseRow('  no export running', quiet));
    console.log(phaseRow(`  4 exports running (${exportsDone} done)`, busy));
    const medianP99 = (figures: ReadFigures[]) => median(figures.map((f) => f.p99));
    console.log(`ratio: the read's p99 with 4 exports running is ${(medianP99(busy) / medianP99(quiet)).toFixed(2)}× its p99 without (medians of the phases)`);
  } finally {
    await stop(server);
  }
}

// A PDF plan's tile: MuPDF in the preview process against pdftoppm; bench/previews.ts.
if (wanted('previews')) {
  const { previewsSection } = await import('./previews');
  await previewsSection();
}

// Kysely's share of a statement: the project check built per call against preparedQuery.
if (wanted('prepared')) {
  const { preparedQueryCost } = await import('./prepared-query');
  const cost = await preparedQueryCost();
  const list = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  console.log(`project check on SQLite in memory, CPU per call (rounds): built per call ${list(cost.built)} µs; preparedQuery ${list(cost.prepared)} µs`);
  console.log(`ratio: preparedQuery costs ${(median(cost.prepared) / median(cost.built)).toFixed(2)}× the built statement (medians)`);
}

const workloadSeconds = Number(process.env.BENCH_WORKLOAD_SECONDS ?? 30);
const warmupSeconds = Number(process.env.BENCH_WORKLOAD_WARMUP_SECONDS ?? 10);
const users = Number(process.env.BENCH_WORKLOAD_USERS ?? 100);

// Workload: 100 simulated users on the full demo installation for a fixed time; then one
// architect's dashboard alone, on a small installation and on the full one (same own share).
// With BENCH_BASELINE_DIR, the comparison with that checkout below instead.
if (wanted('workload') && !baselineDir) {
  // Instances of the server on the one database, as compose.yaml runs two (PostgreSQL only: on SQLite
  // live chat and the caches' notices stay within one process).
  const instances = Number(process.env.BENCH_WORKLOAD_INSTANCES ?? 1);
  if (instances > 1 && database !== 'PostgreSQL') throw new Error('BENCH_WORKLOAD_INSTANCES > 1 needs BENCH_DATABASE_URL (PostgreSQL)');
  const dashboardRounds = 100;
  const startDemo = async (scale: number) => {
    const server = await start('bench/servers/demo.ts', { BENCH_DEMO_SCALE: String(scale) });
    return { server, info: server.info as unknown as DemoServerInfo };
  };
  // The small installation: one office, one architect with 250 projects and 100 customers; both run
  // until the dashboards are compared, alternately.
  const small = await startDemo(0.05);
  let result: Awaited<ReturnType<typeof runWorkload>>;
  let smallCost: Awaited<ReturnType<typeof dashboardCosts>>[number];
  let fullCost: Awaited<ReturnType<typeof dashboardCosts>>[number];
  const full = await startDemo(1).catch(async (error: unknown) => {
    await stop(small.server);
    throw error;
  });
  const more: Started[] = [];
  try {
    for (let index = 1; index < instances; index++) more.push(await start('bench/servers/demo.ts', { BENCH_DEMO_SCALE: '1', BENCH_DEMO_JOIN: String(full.info.schema) }));
    const all = [full.server, ...more];
    result = await runWorkload(full.info, {
      users, architectShare: 0.4, seconds: workloadSeconds, warmupSeconds, thinkMs: [200, 600],
      serverPids: all.map((server) => server.child.pid!), ports: all.map((server) => Number(server.info.port)),
    });
    // architekt4 works alone in Innsbruck: 250 projects and 100 customers of their own, like the small installation's architect.
    [smallCost, fullCost] = (await dashboardCosts(
      [
        { server: small.info, architect: small.info.architects[0]! },
        { server: full.info, architect: 'architekt4' },
      ],
      dashboardRounds,
    )) as [typeof smallCost, typeof fullCost];
  } finally {
    // The joined instances first: the first one drops the schema when it stops.
    await Promise.all(more.map(stop));
    await Promise.all([stop(small.server), stop(full.server)]);
  }
  const counts = full.info.counts;
  console.log(`workload (${database}): demo installation of ${counts.projects} projects, ${counts.customers} customers, ${counts.messages} messages, ${counts.files} files, seeded in ${full.info.seedSeconds.toFixed(1)} s`);
  console.log(
    `${users} simulated users (${Math.round(users * 0.4)} architects' sessions, ${users - Math.round(users * 0.4)} clients) for ${workloadSeconds} s, think time 200–600 ms` +
      `${instances > 1 ? `, on ${instances} server instances (sessions dealt out in turn)` : ''}: ${result.requests} requests (${(result.requests / workloadSeconds).toFixed(0)}/s)`,
  );
  const { warmup } = result;
  console.log(
    `before it, ${warmupSeconds} s of the same work as warm-up (not in the table below): ${warmup.requests} requests, p50 ${warmup.p50.toFixed(1)} ms, p99 ${warmup.p99.toFixed(1)} ms, max ${warmup.max.toFixed(1)} ms, errors ${warmup.errors}`,
  );
  for (const line of workloadTable(result.figures)) console.log(line);
  console.log(
    `CPU during the timed phase: server${instances > 1 ? `s (${instances} together)` : ''} ${result.serverCpuSeconds.toFixed(1)} s (${((result.serverCpuSeconds / workloadSeconds) * 100).toFixed(0)} % of one core, ` +
      `${((result.serverCpuSeconds * 1000) / result.requests).toFixed(2)} ms per request), load generator ${result.generatorCpuSeconds.toFixed(1)} s` +
      (database === 'PostgreSQL' ? `, PostgreSQL ${result.postgresCpuSeconds.toFixed(1)} s (${((result.postgresCpuSeconds * 1000) / result.requests).toFixed(2)} ms per request)` : '') +
      `; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  console.log(`load generator's event loop delay (a 5 ms timer; its own wait for a core is in every latency above): p99 ${result.generatorDelayMs.p99.toFixed(0)} ms, max ${result.generatorDelayMs.max.toFixed(0)} ms`);
  // An error in the warm-up is an error all the same.
  const errors = result.figures.reduce((sum, figure) => sum + figure.errors, 0) + warmup.errors;
  const slow = result.figures.filter((figure) => !figure.name.includes('wall time') && figure.p99 > 100);
  for (const example of result.examples) console.log(`  error: ${example}`);
  console.log(`verdict: errors ${errors} — ${errors === 0 ? 'goal met (0)' : 'goal NOT met (0)'}`);
  console.log(`verdict: p99 ≤ 100 ms for every operation — ${slow.length === 0 ? 'goal met' : `goal NOT met: ${slow.map((figure) => `${figure.name} ${figure.p99.toFixed(0)} ms`).join(', ')}`}`);
  const ratio = fullCost.p50 / smallCost.p50;
  console.log(`dashboard cost, one architect alone, ${dashboardRounds} openings (5 calls in parallel) on each, alternating: small installation (250 projects in all) p50 ${smallCost.p50.toFixed(1)} ms p99 ${smallCost.p99.toFixed(1)} ms; full installation (architekt4, same 250 own projects) p50 ${fullCost.p50.toFixed(1)} ms p99 ${fullCost.p99.toFixed(1)} ms; errors ${smallCost.errors + fullCost.errors}`);
  console.log(`verdict: the dashboard on the full installation costs ${ratio.toFixed(2)}× the small one's (p50) — ${ratio <= 1.25 ? 'goal met (≈ 1)' : 'goal NOT met (≈ 1)'}`);
}

// Workload against another checkout (BENCH_BASELINE_DIR): each checkout's server on a full demo
// installation of its own; after a settling run on each, the users work on one and then on the
// other, BENCH_BASELINE_ROUNDS times with the order turned each round, so that a change in the
// machine's load hits both alike; then the architect's dashboard alone on each, alternating. The
// ratios are the medians of the rounds'.
if (wanted('workload') && baselineDir) {
  const rounds = Number(process.env.BENCH_BASELINE_ROUNDS ?? 3);
  const startFull = (cwd?: string) => start('bench/servers/demo.ts', { BENCH_DEMO_SCALE: '1' }, undefined, cwd);
  const current = await startFull();
  const before = await startFull(baselineDir).catch(async (error: unknown) => {
    await stop(current);
    throw error;
  });
  const servers = { current, before };
  type Run = Awaited<ReturnType<typeof runWorkload>>;
  const runs: Record<keyof typeof servers, Run[]> = { current: [], before: [] };
  let dashboards: Awaited<ReturnType<typeof dashboardCosts>>;
  const work = (server: Started, seconds: number) => {
    const info = server.info as unknown as DemoServerInfo;
    return runWorkload(info, { users, architectShare: 0.4, seconds, warmupSeconds, thinkMs: [200, 600], serverPids: [server.child.pid!], ports: [info.port] });
  };
  try {
    // Not counted: without it, the first round (this checkout first after seeding) cost 1.26 – 1.47×
    // the baseline's CPU per request in three runs, the later rounds 0.80 – 1.23×.
    for (const server of [current, before]) await work(server, warmupSeconds);
    for (let round = 0; round < rounds; round++) {
      for (const which of round % 2 === 0 ? (['current', 'before'] as const) : (['before', 'current'] as const)) runs[which].push(await work(servers[which], workloadSeconds));
    }
    dashboards = await dashboardCosts(
      [current, before].map((server) => ({ server: server.info as unknown as DemoServerInfo, architect: 'architekt4' })),
      100,
    );
  } finally {
    await Promise.all([stop(current), stop(before)]);
  }
  const cpuPerRequest = (run: Run) => (run.serverCpuSeconds * 1000) / run.requests;
  const largestP99 = (run: Run) => Math.max(...run.figures.filter((figure) => !figure.name.includes('wall time')).map((figure) => figure.p99));
  const measures: [string, (run: Run) => number][] = [
    ['requests', (run) => run.requests],
    ['server CPU per request (ms)', cpuPerRequest],
    ['p50 of all answers (ms)', (run) => run.overall.p50],
    ['p99 of all answers (ms)', (run) => run.overall.p99],
    ['largest p99 of an operation (ms)', largestP99],
    ...(database === 'PostgreSQL' ? [['PostgreSQL CPU per request (ms)', (run: Run) => (run.postgresCpuSeconds * 1000) / run.requests] as [string, (run: Run) => number]] : []),
  ];
  const seeded = (server: Started) => (server.info as unknown as DemoServerInfo).seedSeconds.toFixed(1);
  console.log(
    `workload (${database}) against ${baselineDir}: ${users} users for ${workloadSeconds} s after ${warmupSeconds} s of warm-up, on each checkout's full demo installation (seeded in ${seeded(current)} s, baseline ${seeded(before)} s), ` +
      `after a settling run on each, ${rounds} rounds, order turned each round; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  const list = (values: number[]) => values.map((value) => (value >= 100 ? value.toFixed(0) : value.toFixed(2))).join(', ');
  for (const [name, of] of measures) {
    const ratios = runs.current.map((run, round) => of(run) / of(runs.before[round]!));
    console.log(`${name.padEnd(36)} this ${list(runs.current.map(of)).padEnd(28)} baseline ${list(runs.before.map(of)).padEnd(28)} ratio ${median(ratios).toFixed(2)} (rounds: ${list(ratios)})`);
  }
  const errors = (which: Run[]) => which.reduce((sum, run) => sum + run.overall.errors + run.warmup.errors, 0);
  console.log(`errors (timed phases and warm-ups): this ${errors(runs.current)}, baseline ${errors(runs.before)}`);
  for (const example of [...runs.current, ...runs.before].flatMap((run) => run.examples)) console.log(`  error: ${example}`);
  const [now, then] = [dashboards[0]!, dashboards[1]!];
  console.log(
    `dashboard, architekt4 alone, 100 openings on each, alternating: this p50 ${now.p50.toFixed(1)} ms p99 ${now.p99.toFixed(1)} ms; baseline p50 ${then.p50.toFixed(1)} ms p99 ${then.p99.toFixed(1)} ms; ratio (p50) ${(now.p50 / then.p50).toFixed(2)}; errors ${now.errors + then.errors}`,
  );
}

// Per call: the server CPU of the workload's hottest calls, this checkout against a baseline
// checkout (BENCH_BASELINE_DIR: an earlier commit with its node_modules), both as instances on one
// seeded demo installation, in alternating turns. PostgreSQL only: two SQLite servers cannot share one.
if (wanted('calls')) {
  if (!baselineDir || database !== 'PostgreSQL') {
    console.log('calls: skipped (needs BENCH_BASELINE_DIR, a checkout to compare with, and BENCH_DATABASE_URL)');
  } else {
    const seeded = await start('bench/servers/demo.ts', { BENCH_DEMO_SCALE: '1' });
    const info = seeded.info as unknown as DemoServerInfo;
    const rounds = Number(process.env.BENCH_CALL_ROUNDS ?? 12);
    const callsPerTurn = Number(process.env.BENCH_CALLS_PER_TURN ?? 300);
    // The instance started first costs more per call, whichever checkout it runs (this checkout
    // against itself: 1.00 – 1.14×, a send 1.32×). So both orders are measured and their ratios'
    // geometric mean reported, which cancels that.
    const inOrder = async (currentFirst: boolean) => {
      const joined: Started[] = [];
      try {
        const startCurrent = () => start('bench/servers/demo.ts', { BENCH_DEMO_JOIN: String(info.schema) });
        const startBaseline = () => start('bench/servers/demo.ts', { BENCH_DEMO_JOIN: String(info.schema) }, undefined, baselineDir);
        for (const next of currentFirst ? [startCurrent, startBaseline] : [startBaseline, startCurrent]) joined.push(await next());
        const [current, baseline] = (currentFirst ? joined : [...joined].reverse()).map((server) => ({ pid: server.child.pid!, port: Number(server.info.port) })) as [
          { pid: number; port: number },
          { pid: number; port: number },
        ];
        return await compareCallCosts({ baseline, current }, { architect: 'architekt1', client: info.clients[0]! }, { rounds, callsPerTurn });
      } finally {
        // The joined instances stop before the seeding one, which drops the schema.
        await Promise.all(joined.map(stop));
      }
    };
    try {
      const first = await inOrder(true);
      const second = await inOrder(false);
      console.log(`calls (${database}): server CPU per call, this checkout against ${baselineDir}, ${rounds} alternating turns of ${callsPerTurn} calls each, in both start orders (medians)`);
      for (const [index, one] of first.entries()) {
        const other = second[index]!;
        const ratio = Math.sqrt(one.ratio * other.ratio);
        console.log(
          `${one.name.padEnd(36)} baseline ${one.baseline.toFixed(0).padStart(5)} / ${other.baseline.toFixed(0).padStart(5)} µs   this ${one.current.toFixed(0).padStart(5)} / ${other.current.toFixed(0).padStart(5)} µs   ratio ${one.ratio.toFixed(2)} / ${other.ratio.toFixed(2)}, together ${ratio.toFixed(2)}`,
        );
      }
    } finally {
      await stop(seeded);
    }
  }
}

// Per call in machine instructions: the workload's hottest calls counted by Valgrind's callgrind,
// this checkout against BENCH_BASELINE_DIR, each with a small office of its own on SQLite.
if (wanted('instructions')) {
  if (!baselineDir || !callgrindAvailable()) {
    console.log('instructions: skipped (needs BENCH_BASELINE_DIR, a checkout to compare with, and valgrind)');
  } else {
    const warmup = Number(process.env.BENCH_INSTRUCTIONS_WARMUP ?? 1000);
    const windows = Number(process.env.BENCH_INSTRUCTIONS_WINDOWS ?? 5);
    const count = Number(process.env.BENCH_INSTRUCTIONS_CALLS ?? 20);
    // BENCH_CURRENT_DIR: another checkout counted in place of this one, to compare two earlier revisions.
    const currentDir = process.env.BENCH_CURRENT_DIR ? path.resolve(process.env.BENCH_CURRENT_DIR) : process.cwd();
    const costs = await compareInstructions(baselineDir, { warmup, windows, count }, currentDir);
    console.log(`instructions (SQLite): per call, counted by callgrind after ${warmup} uncounted calls, the median of ${windows} windows of ${count}; ${currentDir} against ${baselineDir}`);
    for (const cost of costs) {
      console.log(`${cost.name.padEnd(36)} baseline ${cost.baseline.toFixed(0).padStart(7)} k   this ${cost.current.toFixed(0).padStart(7)} k   ratio ${(cost.current / cost.baseline).toFixed(3)}`);
    }
    const total = (side: 'baseline' | 'current') => costs.reduce((sum, cost) => sum + cost[side], 0);
    console.log(`${'all calls, one each'.padEnd(36)} baseline ${total('baseline').toFixed(0).padStart(7)} k   this ${total('current').toFixed(0).padStart(7)} k   ratio ${(total('current') / total('baseline')).toFixed(3)}`);
  }
}

// Abuse: one client account attacks (live channel, decompression-bomb images, exports) while the
// workload runs; bench/abuse.ts.
if (wanted('abuse')) {
  const { abuseSection } = await import('./abuse');
  await abuseSection({ start: (script, env) => start(script, env), stop, database });
}

// Open items: the list 'Offene Punkte' of 2,000 items against 20 (SQLite, and PostgreSQL with
// BENCH_DATABASE_URL), and 'Offene Punkte als PDF' of 200 items with photos against 20; bench/open-items.ts.
if (wanted('open-items')) {
  const { openItemsSection } = await import('./open-items');
  await openItemsSection({ start: (script, env) => start(script, env), stop, database });
}

if (wanted('items-report')) {
  const { itemsReportSection } = await import('./open-items');
  await itemsReportSection({ start: (script, env) => start(script, env), stop, database });
}

// The plan viewer with 500 pins against 5, panned and zoomed in Chromium at 4× CPU slowdown; bench/pins-viewer.ts.
if (wanted('pins-viewer')) {
  const { pinsViewerSection } = await import('./pins-viewer');
  await pinsViewerSection({ start: (script, env) => start(script, env), stop, database });
}
