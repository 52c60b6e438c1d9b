// What one API call costs the server, this checkout against a baseline: two instances of the
// demo server on one seeded installation (PostgreSQL), one from each checkout, loaded with the same
// call in short alternating turns. The server's CPU comes from /proc: on this machine its speed drifts
// by a third within minutes, so only turns taken side by side are compared, and the median of their
// ratios is reported.
import fs from 'node:fs';
import http from 'node:http';
import type { ChatConversation, ClientProject, ProjectSearchResult } from '@bauakte/domain';
import { median } from './files';

export interface CallServer {
  pid: number;
  port: number;
}

export interface Call {
  name: string;
  method: string;
  path: string;
  token: string;
  body?: unknown;
}

export interface CallCost {
  name: string;
  /** Server CPU per call in µs, medians of the turns. */
  baseline: number;
  current: number;
  /** The median of the turns' current/baseline ratios. */
  ratio: number;
}

const agent = new http.Agent({ keepAlive: true });

export function request(port: number, call: Omit<Call, 'name'> | { method: string; path: string; token?: string; body?: unknown }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = {};
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const outgoing = http.request({ host: '127.0.0.1', port, method: call.method, path: call.path, headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function json<T>(port: number, call: { method: string; path: string; token?: string; body?: unknown }): Promise<T> {
  const answer = await request(port, call);
  if (answer.status >= 300) throw new Error(`${call.method} ${call.path} → ${answer.status} ${answer.body.slice(0, 160)}`);
  return JSON.parse(answer.body) as T;
}

/**
 * CPU time of a process in nanoseconds: the sum over its threads (the event loop, V8's helpers, the
 * libuv pool) of the scheduler's count, where /proc/<pid>/stat counts in ticks of 10 ms (a tenth of
 * a turn of 300 calls of 300 µs).
 */
function cpuNanoseconds(pid: number): number {
  let total = 0;
  for (const thread of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended between the listing and the read: its time is gone from both ends alike.
    }
  }
  return total;
}

/** Who makes the hottest calls and on what: an architect and their customer, logged in, with a project and their chat. */
export interface CallParties {
  architect: string;
  client: string;
  architectToken: string;
  clientToken: string;
  /** The architect's project, and the customer's (they may be the same). */
  projectId: number;
  clientProjectId: number;
  chatId: number;
  /** Whom the architect's message in that chat goes to. */
  chatPartner: string;
}

/**
 * The calls of bench/workload.ts's hottest operations. The message is sent last: it lengthens the
 * chat, which the calls before it read.
 */
export function hottestCalls(parties: CallParties): Call[] {
  const { architect, client, architectToken: a, clientToken: c, projectId, clientProjectId, chatId, chatPartner } = parties;
  return [
    { name: 'A dashboard: project news', method: 'GET', path: `/api/ProjectManagment/dash/${architect}`, token: a },
    { name: 'A dashboard: all projects, page 1', method: 'GET', path: '/api/projects?sort=changedAt&page=1&pageSize=20', token: a },
    { name: 'A dashboard: newest messages', method: 'GET', path: `/api/MessageManagment/newChat/${architect}`, token: a },
    { name: 'A project: details', method: 'GET', path: `/api/DashboardClient/project/${projectId}`, token: a },
    { name: 'A project: files', method: 'GET', path: `/api/s3/project/${projectId}`, token: a },
    { name: 'A project: change log', method: 'GET', path: `/api/questionnaire/${projectId}/changes`, token: a },
    { name: 'A chats: mark read', method: 'PUT', path: `/api/MessageManagment/${chatId}/read`, token: a },
    { name: 'C dashboard: projects', method: 'GET', path: `/api/DashboardClient/dashi/${client}`, token: c },
    { name: 'C questionnaire: open step', method: 'GET', path: `/api/general/${clientProjectId}`, token: c },
    {
      name: 'A chat: send message',
      method: 'POST',
      path: '/api/MessageManagment',
      token: a,
      body: { message: 'Danke, ich sehe mir die Unterlagen an.', senderUsername: architect, receiverUsername: chatPartner, chatId, isRead: false },
    },
  ];
}

/** The hottest calls as an architect and a client of the demo installation. */
async function demoCalls(port: number, architect: string, client: string): Promise<Call[]> {
  const logIn = async (username: string) => (await json<{ token: string }>(port, { method: 'POST', path: '/api/auth/login', body: { username, password: 'Bauakte-Demo-2026' } })).token;
  const [a, c] = [await logIn(architect), await logIn(client)];
  const projectId = (await json<ProjectSearchResult>(port, { method: 'GET', path: '/api/projects?sort=changedAt&page=1&pageSize=20', token: a })).items[0]!.id;
  const clientProjectId = (await json<ClientProject[]>(port, { method: 'GET', path: `/api/DashboardClient/dashi/${client}`, token: c }))[0]!.id;
  const chat = (await json<ChatConversation[]>(port, { method: 'GET', path: `/api/MessageManagment/receiver/${architect}?page=1&limit=100&messages=1`, token: a }))[0]!;
  return hottestCalls({ architect, client, architectToken: a, clientToken: c, projectId, clientProjectId, chatId: chat.chatId, chatPartner: chat.participant.username });
}

/** One turn: `count` calls, four at a time; the server's CPU per call in µs. */
async function turn(server: CallServer, call: Call, count: number): Promise<number> {
  const before = cpuNanoseconds(server.pid);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next++ < count) {
        const answer = await request(server.port, call);
        if (answer.status >= 300) throw new Error(`${call.name}: ${answer.status} ${answer.body.slice(0, 160)}`);
      }
    }),
  );
  return (cpuNanoseconds(server.pid) - before) / 1000 / count;
}

/** Each call on both servers in `rounds` alternating turns (who goes first alternates too). */
export async function compareCallCosts(
  servers: { baseline: CallServer; current: CallServer },
  demo: { architect: string; client: string },
  options: { rounds: number; callsPerTurn: number },
): Promise<CallCost[]> {
  const calls = await demoCalls(servers.current.port, demo.architect, demo.client);
  const costs: CallCost[] = [];
  for (const call of calls) {
    for (const server of [servers.baseline, servers.current]) for (let index = 0; index < 30; index++) await request(server.port, call);
    const baseline: number[] = [];
    const current: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const);
      const taken = { baseline: 0, current: 0 };
      for (const side of order) taken[side] = await turn(servers[side], call, options.callsPerTurn);
      baseline.push(taken.baseline);
      current.push(taken.current);
      ratios.push(taken.current / taken.baseline);
    }
    costs.push({ name: call.name, baseline: median(baseline), current: median(current), ratio: median(ratios) });
  }
  return costs;
}
