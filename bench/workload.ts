// The workload: simulated architects and clients use the demo installation at once for a
// fixed time, each with think times between actions, through the same calls the web app makes.
// Every request's latency is recorded per operation; any non-2xx answer or failure is an error.
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  buildingTypes, directions, frameMaterials, fuelTypes, numberOfStoreysOptions, roofTypes, typesOfGlass, type ChatConversation,
  type ClientProject, type ProjectSearchResult, type QuestionnaireStep,
} from '@bauakte/domain';
import { lastNames, seededRandom, streets, type Random } from '../apps/server/src/modules/demo/demo-data';
import { largest, percentile } from './chat';

export interface DemoServerInfo {
  port: number;
  /** PostgreSQL: the schema the installation was seeded into. */
  schema?: string;
  seedSeconds: number;
  counts: Record<string, number>;
  architects: string[];
  clients: string[];
}

export interface OperationFigures {
  name: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Mean size of the answers' bodies in bytes (as sent, before any decoding). */
  bytes: number;
}

/** Latencies and errors per operation name. */
class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly bytes = new Map<string, number>();
  readonly examples: string[] = [];
  recording = true;
  /** Where what is not recorded goes instead, if anywhere: the warm-up's own figures. */
  aside: Recorder | undefined;

  add(name: string, milliseconds: number, error?: string, bytes = 0): void {
    if (!this.recording) {
      this.aside?.add(name, milliseconds, error, bytes);
      return;
    }
    const list = this.latencies.get(name) ?? [];
    list.push(milliseconds);
    this.latencies.set(name, list);
    this.bytes.set(name, (this.bytes.get(name) ?? 0) + bytes);
    if (error === undefined) return;
    this.errors.set(name, (this.errors.get(name) ?? 0) + 1);
    if (this.examples.length < 10) this.examples.push(`${name}: ${error}`);
  }

  figures(): OperationFigures[] {
    return [...this.latencies.entries()]
      .map(([name, values]) => ({
        name,
        count: values.length,
        p50: percentile(values, 0.5),
        p99: percentile(values, 0.99),
        max: largest(values),
        errors: this.errors.get(name) ?? 0,
        bytes: (this.bytes.get(name) ?? 0) / values.length,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

interface Answer {
  status: number;
  body: string;
  bytes: number;
}

function request(port: number, method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const outgoing = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const received = Buffer.concat(chunks);
        resolve({ status: incoming.statusCode ?? 0, body: received.toString('utf8'), bytes: received.length });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('no answer within 30 s')));
    outgoing.end(payload);
  });
}

/**
 * One timed call: its latency under its operation name, an error for anything but 2xx. The answer is
 * parsed only when `read` asks for it: the load generator shares the two cores with the server.
 */
async function call<T>(recorder: Recorder, port: number, name: string, method: string, path: string, token: string, body?: unknown, read = false): Promise<T | undefined> {
  const started = performance.now();
  try {
    const answer = await request(port, method, path, token, body);
    const ok = answer.status >= 200 && answer.status < 300;
    recorder.add(name, performance.now() - started, ok ? undefined : `${method} ${path} → ${answer.status} ${answer.body.slice(0, 160)}`, answer.bytes);
    return ok && read && answer.body ? (JSON.parse(answer.body) as T) : undefined;
  } catch (error) {
    recorder.add(name, performance.now() - started, `${method} ${path} → ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

interface Session {
  username: string;
  token: string;
  random: Random;
  projectIds: number[];
  /** Chats with the other participant's username, for sends. */
  chats: { chatId: number; partner: string }[];
}

async function login(port: number, username: string): Promise<string> {
  const answer = await request(port, 'POST', '/api/auth/login', undefined, { username, password: 'Bauakte-Demo-2026' });
  if (answer.status !== 200) throw new Error(`login of ${username}: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { token: string }).token;
}

const searchPath = (query: string, pageSize = 20) => {
  const params = new URLSearchParams({ sort: 'changedAt', page: '1', pageSize: String(pageSize) });
  if (query) params.set('query', query);
  return `/api/projects?${params.toString()}`;
};

const chatsOf = (conversations: ChatConversation[] | undefined) =>
  (conversations ?? []).map((conversation) => ({ chatId: conversation.chatId, partner: conversation.participant.username }));

/**
 * What the architect's dashboard asks for when it opens (start-data.ts, its cards and the shell), in
 * parallel as the browser does. The first-steps hint takes the total of 'Alle Projekte' and asks for
 * the customers only when there is no project: an office at work makes five calls.
 */
async function architectDashboard(recorder: Recorder, port: number, session: Session): Promise<void> {
  const { username: u, token } = session;
  const started = performance.now();
  const [, , page] = await Promise.all([
    call(recorder, port, 'A dashboard: card layout', 'GET', '/api/dashboardLayout/architect', token),
    call(recorder, port, 'A dashboard: project news', 'GET', `/api/ProjectManagment/dash/${u}`, token),
    call<ProjectSearchResult>(recorder, port, 'A dashboard: all projects, page 1', 'GET', searchPath(''), token, undefined, true),
    call(recorder, port, 'A dashboard: newest messages', 'GET', `/api/MessageManagment/newChat/${u}`, token),
    call(recorder, port, 'A dashboard: unread count', 'GET', '/api/MessageManagment/unread', token),
  ]);
  recorder.add('A dashboard, all 5 calls (wall time)', performance.now() - started);
  if (page && page.items.length > 0) session.projectIds = page.items.map((item) => item.id);
}

async function architectSearch(recorder: Recorder, port: number, session: Session): Promise<void> {
  const term = session.random.chance(0.5) ? session.random.pick(streets) : session.random.pick(lastNames);
  const found = await call<ProjectSearchResult>(recorder, port, 'A search projects', 'GET', searchPath(term), session.token, undefined, true);
  if (found && found.items.length > 0) session.projectIds = found.items.map((item) => item.id);
}

/**
 * The project overview as it opens (project-overview-page.tsx): the project, its files, and for an
 * architect the change log. The questionnaire's answers come only with 'Fragebogen fortsetzen'.
 */
async function openProject(recorder: Recorder, port: number, session: Session, prefix: 'A' | 'C'): Promise<void> {
  const id = session.random.pick(session.projectIds);
  await Promise.all([
    call(recorder, port, `${prefix} project: details`, 'GET', `/api/DashboardClient/project/${id}`, session.token),
    call(recorder, port, `${prefix} project: files`, 'GET', `/api/s3/project/${id}`, session.token),
    ...(prefix === 'A' ? [call(recorder, port, 'A project: change log', 'GET', `/api/questionnaire/${id}/changes`, session.token)] : []),
  ]);
}

/**
 * The chat dialog: the first page of chats, each with its last message (chat-api.ts), then one chat
 * opened — its latest messages, and marked read.
 */
async function readChats(recorder: Recorder, port: number, session: Session, prefix: 'A' | 'C'): Promise<void> {
  const path = `/api/MessageManagment/receiver/${session.username}`;
  const conversations = await call<ChatConversation[]>(recorder, port, `${prefix} chats: list`, 'GET', `${path}?page=1&limit=100&messages=1`, session.token, undefined, session.chats.length === 0);
  if (conversations && conversations.length > 0) session.chats = chatsOf(conversations);
  const chat = session.chats.length > 0 ? session.random.pick(session.chats) : undefined;
  if (!chat) return;
  await Promise.all([
    call(recorder, port, `${prefix} chats: open one`, 'GET', `${path}?chatId=${chat.chatId}`, session.token),
    call(recorder, port, `${prefix} chats: mark read`, 'PUT', `/api/MessageManagment/${chat.chatId}/read`, session.token),
  ]);
}

async function sendMessage(recorder: Recorder, port: number, session: Session, prefix: 'A' | 'C'): Promise<void> {
  const chat = session.chats.length > 0 ? session.random.pick(session.chats) : undefined;
  if (!chat) return;
  const message = prefix === 'A' ? 'Danke, ich sehe mir die Unterlagen bis Freitag an.' : 'Passt, wir melden uns morgen wieder.';
  await call(recorder, port, `${prefix} chat: send message`, 'POST', '/api/MessageManagment', session.token, {
    message, senderUsername: session.username, receiverUsername: chat.partner, chatId: chat.chatId, isRead: false,
  });
}

/** A step's answers as the client changes a few of them (a valid partial save of the step). */
function stepPatch(step: QuestionnaireStep, random: Random): Record<string, unknown> {
  switch (step) {
    case 'general':
      return { buildingtype: random.pick(buildingTypes), direction: random.pick(directions), constructionYear: random.int(1900, 2015) };
    case 'storeys':
      return { roof: { roofType: random.pick(roofTypes) }, numberOfStoreys: random.pick(numberOfStoreysOptions.slice(0, 5)), isBasementHeated: random.chance(0.5) };
    case 'windows':
      // Newer than any building year the workload or the demo gives: no answer the portal would ask the client to confirm.
      return { isDifferentWindows: false, windowConstructionYear: random.int(2016, 2025), typeOfGlass: random.pick(typesOfGlass), frameMaterial: random.pick(frameMaterials), isRollerBlindHousing: random.chance(0.5) };
    case 'heating':
      return { fuelType: random.pick(fuelTypes), constructionYearHeating: `um ${random.int(1975, 2015)}` };
  }
}

/** A step page opened (its answers) and saved ('Speichern und Weiter'). */
async function saveStep(recorder: Recorder, port: number, session: Session, id = session.random.pick(session.projectIds)): Promise<void> {
  const step = session.random.pick(['general', 'storeys', 'windows', 'heating'] as const);
  await call(recorder, port, 'C questionnaire: open step', 'GET', `/api/${step}/${id}`, session.token);
  await call(recorder, port, 'C questionnaire: save step', 'PUT', `/api/${step}/${id}`, session.token, stepPatch(step, session.random));
}

/** 'Fragebogen fortsetzen': all four steps' answers (to find the first open one), then a step saved. */
async function continueQuestionnaire(recorder: Recorder, port: number, session: Session): Promise<void> {
  const id = session.random.pick(session.projectIds);
  await call(recorder, port, 'C questionnaire: continue (all steps)', 'GET', `/api/questionnaire/${id}`, session.token);
  await saveStep(recorder, port, session, id);
}

async function clientDashboard(recorder: Recorder, port: number, session: Session): Promise<void> {
  const { username: u, token } = session;
  const started = performance.now();
  const [, projects] = await Promise.all([
    call(recorder, port, 'C dashboard: card layout', 'GET', '/api/dashboardLayout/client', token),
    call<ClientProject[]>(recorder, port, 'C dashboard: projects', 'GET', `/api/DashboardClient/dashi/${u}`, token, undefined, session.projectIds.length === 0),
    call(recorder, port, 'C dashboard: newest messages', 'GET', `/api/MessageManagment/newChat/${u}`, token),
    call(recorder, port, 'C dashboard: unread count', 'GET', '/api/MessageManagment/unread', token),
  ]);
  recorder.add('C dashboard, all 4 calls (wall time)', performance.now() - started);
  if (projects && projects.length > 0) session.projectIds = projects.map((project) => project.id);
}

type Action = (recorder: Recorder, port: number, session: Session) => Promise<void>;
const architectActions: [number, Action][] = [
  [25, architectDashboard],
  [25, architectSearch],
  [25, (r, p, s) => openProject(r, p, s, 'A')],
  [10, (r, p, s) => readChats(r, p, s, 'A')],
  [15, (r, p, s) => sendMessage(r, p, s, 'A')],
];
const clientActions: [number, Action][] = [
  [25, clientDashboard],
  [25, (r, p, s) => saveStep(r, p, s)],
  [10, continueQuestionnaire],
  [15, (r, p, s) => openProject(r, p, s, 'C')],
  [15, (r, p, s) => sendMessage(r, p, s, 'C')],
  [10, (r, p, s) => readChats(r, p, s, 'C')],
];

function pickAction(actions: [number, Action][], random: Random): Action {
  let roll = random.int(1, actions.reduce((sum, [weight]) => sum + weight, 0));
  for (const [weight, action] of actions) {
    roll -= weight;
    if (roll <= 0) return action;
  }
  return actions[0]![1];
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function logInAll(port: number, usernames: string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  // A few at a time: each login is an argon2 verification of some tens of milliseconds.
  let next = 0;
  const worker = async () => {
    for (let name = usernames[next++]; name !== undefined; name = usernames[next++]) tokens.set(name, await login(port, name));
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return tokens;
}

export interface WorkloadOptions {
  users: number;
  architectShare: number;
  seconds: number;
  /**
   * Seconds of the same work before the timed phase, reported on their own: the server has just
   * seeded, and its first seconds under load (code not yet optimised by V8, the pool's connections
   * preparing their statements) are not what a server running all day answers.
   */
  warmupSeconds: number;
  thinkMs: [number, number];
  /** Called once the users are logged in and prepared, just before they start working (the warm-up). */
  onStart?(): Promise<void>;
}

export interface WarmupFigures {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/**
 * Logs in the simulated users (architects' sessions spread over all architects, each a session
 * of its own; clients with projects), lets each prepare what it needs (its projects and chats,
 * not recorded), then runs them all for the given time.
 */
export async function runWorkload(
  server: DemoServerInfo,
  options: WorkloadOptions & { serverPids: number[]; ports: number[] },
): Promise<{
  figures: OperationFigures[]; examples: string[]; requests: number; serverCpuSeconds: number; generatorCpuSeconds: number; postgresCpuSeconds: number;
  /** The load generator's own event loop delay during the timed phase, as monitorEventLoopDelay reports it (5 ms resolution). */
  generatorDelayMs: { p99: number; max: number };
  warmup: WarmupFigures;
  /** All of the timed phase's answers together. */
  overall: WarmupFigures;
}> {
  const architectSessions = Math.round(options.users * options.architectShare);
  const architectNames = Array.from({ length: architectSessions }, (_, index) => server.architects[index % server.architects.length]!);
  const clientNames = server.clients.slice(0, options.users - architectSessions);
  const recorder = new Recorder();
  const tokens = await logInAll(server.port, [...new Set(architectNames), ...clientNames]);
  // Two sessions of one architect are two browsers: log the second one in separately.
  // Several instances (PostgreSQL): each session keeps to one, as a browser keeps its connection to
  // the instance a load balancer gave it; sessions are dealt out in turn. A token works on every one.
  const sessions: (Session & { role: 'A' | 'C'; port: number })[] = [];
  const portOf = (index: number) => options.ports[index % options.ports.length]!;
  const seen = new Set<string>();
  for (const [index, name] of architectNames.entries()) {
    const token = seen.has(name) ? await login(server.port, name) : tokens.get(name)!;
    seen.add(name);
    sessions.push({ role: 'A', port: portOf(sessions.length), username: name, token, random: seededRandom(1000 + index), projectIds: [], chats: [] });
  }
  clientNames.forEach((name, index) =>
    sessions.push({ role: 'C', port: portOf(sessions.length), username: name, token: tokens.get(name)!, random: seededRandom(5000 + index), projectIds: [], chats: [] }),
  );

  recorder.recording = false;
  await Promise.all(
    sessions.map(async (session) => {
      if (session.role === 'A') await architectDashboard(recorder, session.port, session);
      else await clientDashboard(recorder, session.port, session);
      await readChats(recorder, session.port, session, session.role);
    }),
  );
  await options.onStart?.();
  const warmup = new Recorder();
  recorder.aside = warmup;

  const serversCpu = () => options.serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  // The generator shares the cores with the server and PostgreSQL: when it waits for a core, the
  // answers it has received wait too, and their latencies grow by that much. Reported beside them.
  const generatorDelay = monitorEventLoopDelay({ resolution: 5 });
  let cpuBefore = { server: 0, generator: process.cpuUsage(), postgres: 0 };
  // The users work on without a pause from the warm-up into the timed phase, which records the
  // answers that arrive after its start (those asked for just before it, too).
  const timedFrom = performance.now() + options.warmupSeconds * 1000;
  const deadline = timedFrom + options.seconds * 1000;
  const timedPhase = setTimeout(() => {
    recorder.recording = true;
    cpuBefore = { server: serversCpu(), generator: process.cpuUsage(), postgres: postgresCpuSeconds() };
    generatorDelay.enable();
  }, options.warmupSeconds * 1000);
  await Promise.all(
    sessions.map(async (session) => {
      // Users do not start in step: each begins somewhere within the first think time.
      await sleep(session.random.int(0, options.thinkMs[1]));
      while (performance.now() < deadline) {
        if (session.projectIds.length === 0) break;
        await pickAction(session.role === 'A' ? architectActions : clientActions, session.random)(recorder, session.port, session);
        await sleep(session.random.int(options.thinkMs[0], options.thinkMs[1]));
      }
    }),
  );
  clearTimeout(timedPhase);
  generatorDelay.disable();
  const serverCpuSeconds = serversCpu() - cpuBefore.server;
  const postgresSeconds = postgresCpuSeconds() - cpuBefore.postgres;
  const generator = process.cpuUsage(cpuBefore.generator);
  const figures = recorder.figures();
  const requests = figures.filter((f) => !f.name.includes('wall time')).reduce((sum, f) => sum + f.count, 0);
  return {
    figures, examples: [...warmup.examples, ...recorder.examples], requests, serverCpuSeconds, generatorCpuSeconds: (generator.user + generator.system) / 1e6, postgresCpuSeconds: postgresSeconds,
    generatorDelayMs: { p99: generatorDelay.percentile(99) / 1e6, max: generatorDelay.max / 1e6 },
    warmup: allTogether(warmup),
    overall: allTogether(recorder),
  };
}

/** All of a recorder's answers together (wall times of the dashboards left out: they are no request). */
function allTogether(recorded: Recorder): WarmupFigures {
  const latencies = [...recorded.latencies.entries()].filter(([name]) => !name.includes('wall time')).flatMap(([, values]) => values);
  const errors = [...recorded.errors.values()].reduce((sum, count) => sum + count, 0);
  if (latencies.length === 0) return { requests: 0, p50: 0, p99: 0, max: 0, errors };
  return { requests: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: largest(latencies), errors };
}

/**
 * The dashboard's cost for one architect alone on each of two servers: `rounds` openings (after a few
 * not counted), each the five calls in parallel, alternating between the servers so that a change
 * in the machine's load hits both alike. Answers the wall time's p50 and p99 per server.
 */
export async function dashboardCosts(targets: { server: DemoServerInfo; architect: string }[], rounds: number): Promise<{ p50: number; p99: number; errors: number }[]> {
  const recorders = targets.map(() => new Recorder());
  const sessions: Session[] = [];
  for (const target of targets) {
    sessions.push({ username: target.architect, token: await login(target.server.port, target.architect), random: seededRandom(7), projectIds: [], chats: [] });
  }
  for (let round = 0; round < rounds + 10; round++) {
    for (const [index, target] of targets.entries()) {
      recorders[index]!.recording = round >= 10;
      await architectDashboard(recorders[index]!, target.server.port, sessions[index]!);
    }
  }
  return recorders.map((recorder) => {
    const wall = recorder.figures().find((figure) => figure.name.includes('wall time'))!;
    return { p50: wall.p50, p99: wall.p99, errors: recorder.figures().reduce((sum, figure) => sum + figure.errors, 0) };
  });
}

/**
 * CPU seconds all of this machine's PostgreSQL processes have used so far (its backends do the
 * database's share of the work; 0 when none runs here). A backend that ends in between takes its
 * time with it: the pool's connections live through the timed phase.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuSecondsOf(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return total;
}

/** CPU seconds (user and system) a process has used so far, from /proc (Linux). */
export function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function workloadTable(figures: OperationFigures[]): string[] {
  const cell = (value: number) => value.toFixed(1).padStart(8);
  return [
    `${'operation'.padEnd(46)} ${'count'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'errors'.padStart(6)} ${'KB'.padStart(7)}`,
    ...figures.map((f) => `${f.name.padEnd(46)} ${String(f.count).padStart(6)} ${cell(f.p50)} ${cell(f.p99)} ${cell(f.max)} ${String(f.errors).padStart(6)} ${(f.bytes / 1024).toFixed(1).padStart(7)}`),
  ];
}
