// Authenticated API read against a bare Fastify hello-world, measured in the same run (DESIGN.md,
// Performance). Each server runs in its own process; autocannon loads it over loopback for a fixed,
// bounded time. Prints requests/s and latency of both and their ratio.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Started {
  child: ChildProcess;
  info: { port: number; token?: string; username?: string };
}

async function start(script: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const [line] = (await once(readline.createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, info: JSON.parse(line) };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function measure(script: string, path: (info: Started['info']) => string) {
  const server = await start(script);
  try {
    const headers: Record<string, string> = server.info.token ? { authorization: `Bearer ${server.info.token}` } : {};
    await load(`http://127.0.0.1:${server.info.port}${path(server.info)}`, headers); // warm-up, discarded
    return await load(`http://127.0.0.1:${server.info.port}${path(server.info)}`, headers);
  } finally {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
  }
}

const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const baseline = await measure('bench/servers/hello.ts', () => '/hello');
const auth = await measure('bench/servers/bauakte.ts', () => '/api/auth/me');
const row = (name: string, r: typeof baseline) =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms`;
console.log(`bench: ${connections} connections, ${seconds} s each, after a warm-up of the same length`);
console.log(row('baseline: bare Fastify GET /hello', baseline));
console.log(row(`authenticated GET /api/auth/me (${database})`, auth));
console.log(`ratio: the authenticated read serves ${((auth.rps / baseline.rps) * 100).toFixed(0)} % of the baseline's requests/s`);
