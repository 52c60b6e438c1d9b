// What each of the workload's hottest calls costs the server in machine instructions, this checkout
// against a baseline checkout: each server runs under Valgrind's callgrind with a small office of its
// own, made through the API, and callgrind counts the instructions of exactly the calls made while it
// counts. Unlike CPU time, the count does not change with what else the machine is doing (two cores
// shared with other work move CPU-time ratios by up to 2×), so one run compares two revisions.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import sharp from 'sharp';
import { hottestCalls, request, type Call } from './call-costs';
import { median } from './files';
import { serverCommand } from './build-servers';

export interface CountOptions {
  warmup: number;
  windows: number;
  count: number;
}

export interface InstructionCost {
  name: string;
  /** Instructions per call, in thousands. */
  baseline: number;
  current: number;
}

interface CountedServer {
  child: ChildProcess;
  pid: number;
  port: number;
  info: BenchServerInfo;
  outDir: string;
}

/** What bench/servers/bauakte.ts prints: an architect and a customer with a chat, each logged in. */
interface BenchServerInfo {
  port: number;
  token: string;
  username: string;
  clientToken: string;
  clientUsername: string;
  chatId: number;
}

export const callgrindAvailable = (): boolean => spawnSync('valgrind', ['--version']).status === 0 && spawnSync('callgrind_control', ['-h']).status === 0;

function control(pid: number, ...args: string[]): void {
  const result = spawnSync('callgrind_control', [...args, String(pid)], { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`callgrind_control ${args.join(' ')}: ${result.stderr || result.stdout}`);
}

/** The bench server of `cwd` under callgrind, counting nothing until told to (--instr-atstart=no). */
async function startCounted(cwd: string): Promise<CountedServer> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-callgrind-'));
  const script = await serverCommand('bench/servers/bauakte.ts', cwd);
  const child = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes', `--callgrind-out-file=${outDir}/callgrind.%p`, process.execPath, ...script], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BENCH_DATABASE_URL: '', BENCH_EXPORT_PROJECT: '' },
  });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const lines = readline.createInterface({ input: child.stdout! });
  const started = once(lines, 'line') as Promise<[string]>;
  const ended = once(child, 'exit').then(() => {
    throw new Error(`the demo server under callgrind ended before it listened: ${errors.join('').slice(-2000)}`);
  });
  const [line] = await Promise.race([started, ended]);
  const info = JSON.parse(line) as BenchServerInfo;
  return { child, pid: child.pid!, port: info.port, info, outDir };
}

/**
 * The main thread's total in the newest dump (callgrind_control -d writes callgrind.<pid>.<n>-<thread>
 * with --separate-threads): the event loop's work, without V8's background compilers and GC helpers,
 * whose turns fall into a window by chance.
 */
function lastDumpTotal(server: CountedServer): number {
  const numbers = fs.readdirSync(server.outDir).flatMap((name) => {
    const match = /^callgrind\.\d+\.(\d+)-01$/.exec(name);
    return match ? [Number(match[1])] : [];
  });
  const text = fs.readFileSync(path.join(server.outDir, `callgrind.${server.pid}.${Math.max(...numbers)}-01`), 'utf8');
  const summary = /^summary:\s+(\d+)/m.exec(text) ?? /^totals:\s+(\d+)/m.exec(text);
  if (!summary) throw new Error('callgrind dump without a summary line');
  return Number(summary[1]);
}

async function callTimes(server: CountedServer, call: Call, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const answer = await request(server.port, call);
    if (answer.status >= 300) throw new Error(`${call.name}: ${answer.status} ${answer.body.slice(0, 160)}`);
  }
}

async function send(server: CountedServer, call: Omit<Call, 'name'>): Promise<string> {
  const answer = await request(server.port, call);
  if (answer.status >= 300) throw new Error(`${call.method} ${call.path}: ${answer.status} ${answer.body.slice(0, 160)}`);
  return answer.body;
}

async function uploadPhoto(server: CountedServer, projectId: number, index: number): Promise<void> {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120 + index, g: 110, b: 100 } } }).jpeg({ quality: 80 }).toBuffer();
  const boundary = 'bauakte-bench-instructions';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(`${field('projectId', String(projectId))}${field('fileName', `Foto ${index + 1}`)}${field('documentType', 'JPG')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto-${index + 1}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  await new Promise<void>((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path: '/api/s3/upload', headers: { authorization: `Bearer ${server.info.clientToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` } },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => (incoming.statusCode === 201 ? resolve() : reject(new Error(`upload: ${incoming.statusCode}`))));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/**
 * The same small office on each server, made through the spec's API (so both revisions hold the
 * same data, whatever their migrations): a customer's project with all four steps answered and then
 * changed, five photos and a chat of twenty messages; then the workload's hottest calls on it.
 */
async function projectCalls(server: CountedServer): Promise<Call[]> {
  const { token: a, clientToken: c, username: architect, clientUsername: client, chatId } = server.info;
  const projectId = (JSON.parse(await send(server, { method: 'POST', path: '/api/ProjectManagment', token: a, body: { name: 'Sanierung Mühlgasse 12', assignedUser: client } })) as { id: number }).id;
  const answers: Record<string, object> = {
    general: { buildingUsage: 'WOHNBAU', buildingtype: 'ECKHAUS', apartmentUnits: 'UNITS_3_9', renovatedUnits: 'ALL', direction: 'SO', constructionYear: 1968 },
    storeys: { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '3', isBasementHeated: false, isRenovated: true },
    windows: { isDifferentWindows: false, windowConstructionYear: 1994, typeOfGlass: 'DOUBLE_ISOLATION', frameMaterial: 'PLASTIC', isRollerBlindHousing: true },
    heating: { heatProducer: 'LOW_TEMP_BOILER', fuelType: 'GAS', constructionYearHeating: 'um 1990', hotWaterProduction: 'CENTRALIZED_THROUGH_HEATING', heatEmission: 'SMALL_AREA_HEAT_EMISSION', temperatureRegulation: 'SINGLE_ROOM_VALVE' },
  };
  for (const [step, body] of Object.entries(answers)) await send(server, { method: 'PUT', path: `/api/${step}/${projectId}`, token: c, body });
  for (let year = 1960; year < 1966; year++) await send(server, { method: 'PUT', path: `/api/general/${projectId}`, token: c, body: { ...answers.general, constructionYear: year } });
  for (let index = 0; index < 5; index++) await uploadPhoto(server, projectId, index);
  for (let index = 0; index < 20; index++) {
    const [from, to, token] = index % 2 === 0 ? [client, architect, c] : [architect, client, a];
    await send(server, { method: 'POST', path: '/api/MessageManagment', token, body: { message: `Nachricht ${index + 1}`, senderUsername: from, receiverUsername: to, chatId, isRead: false } });
  }
  const calls = hottestCalls({ architect, client, architectToken: a, clientToken: c, projectId, clientProjectId: projectId, chatId, chatPartner: client });
  // One more the workload makes often: a questionnaire step saved (before the message, which comes last).
  calls.splice(calls.length - 1, 0, { name: 'C questionnaire: save step', method: 'PUT', path: `/api/windows/${projectId}`, token: c, body: answers.windows });
  return calls;
}

/**
 * Per call: `warmup` calls uncounted (V8 compiles the hot paths), then, counting, 10 calls more
 * (callgrind translates the code anew once it counts), then `windows` times `count` calls between a
 * zeroing and a dump. The median window is taken: a window now and then also holds a timer's work
 * (the mail outbox, the session cache) or a garbage collection of several million instructions.
 */
async function countCalls(server: CountedServer, options: CountOptions): Promise<Map<string, number>> {
  const calls = await projectCalls(server);
  for (const call of calls) await callTimes(server, call, options.warmup);
  control(server.pid, '-i', 'on');
  const perCall = new Map<string, number>();
  for (const call of calls) {
    await callTimes(server, call, 10);
    const windows: number[] = [];
    for (let window = 0; window < options.windows; window++) {
      control(server.pid, '-z');
      await callTimes(server, call, options.count);
      control(server.pid, '-d');
      windows.push(lastDumpTotal(server) / options.count);
    }
    perCall.set(call.name, median(windows));
  }
  return perCall;
}

async function stopCounted(server: CountedServer): Promise<void> {
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
  // BENCH_INSTRUCTIONS_KEEP=1 keeps the dumps for `callgrind_annotate --inclusive=yes` (one per window).
  if (process.env.BENCH_INSTRUCTIONS_KEEP === '1') console.log(`callgrind dumps kept in ${server.outDir}`);
  else fs.rmSync(server.outDir, { recursive: true, force: true });
}

/** Both checkouts, one after the other (the counts do not depend on the order or the machine's load). */
export async function compareInstructions(baselineDir: string, options: CountOptions, currentDir = process.cwd()): Promise<InstructionCost[]> {
  const measure = async (cwd: string) => {
    const server = await startCounted(cwd);
    try {
      return await countCalls(server, options);
    } finally {
      await stopCounted(server);
    }
  };
  const current = await measure(currentDir);
  const baseline = await measure(baselineDir);
  return [...current].map(([name, count]) => ({ name, current: count / 1000, baseline: (baseline.get(name) ?? Number.NaN) / 1000 }));
}
