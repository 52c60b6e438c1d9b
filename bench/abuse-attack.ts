// One attack of the abuse bench (bench/abuse.ts), in a process of its own so that the load generator
// measuring everybody else does not share its event loop with it. Runs until SIGTERM, then prints
// what the attacker met, counted by outcome (status codes, ERROR frame codes, closes), as one JSON line.
import fs from 'node:fs';
import WebSocket from 'ws';

export type AttackKind = 'live' | 'images' | 'exports' | 'renders';

/** What bench/abuse.ts hands the attack, as one JSON document in BENCH_ATTACK. */
export interface AttackPlan {
  kind: AttackKind;
  port: number;
  client: { username: string; token: string };
  architect: { username: string; token: string };
  projectId: number;
  chatId: number;
  /** The decompression bomb's file (images). */
  pngFile: string;
  /** The client's heavy many-page PDF (renders). */
  heavyFileId: number;
  liveConnections: number;
  /** The architect's 10 KB messages per second into the client's chat (live). */
  chatRate: number;
  parallel: number;
}

const plan = JSON.parse(process.env.BENCH_ATTACK ?? '{}') as AttackPlan;
const base = `http://127.0.0.1:${plan.port}`;
const counts: Record<string, number> = {};
const count = (outcome: string) => {
  counts[outcome] = (counts[outcome] ?? 0) + 1;
};
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

process.on('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify(counts)}\n`);
  process.exit(0);
});

/** An answer's status with its error code, if it has one ('429 TOO_MANY_ATTEMPTS'); the body is read whole. */
async function outcomeOf(response: Response): Promise<string> {
  const text = await response.text();
  if (response.ok) return String(response.status);
  try {
    const code = (JSON.parse(text) as { code?: string }).code;
    return code ? `${response.status} ${code}` : String(response.status);
  } catch {
    return String(response.status);
  }
}

const failureOf = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } }).cause;
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer within 60 s';
  return `network error ${cause?.code ?? (error instanceof Error ? error.message : String(error))}`;
};

async function timedRequest(path: string, init: RequestInit): Promise<string> {
  try {
    return await outcomeOf(await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(60_000) }));
  } catch (error) {
    return failureOf(error);
  }
}

// ---- Images: the decompression bomb, `parallel` uploads at a time, again and again.

function bombUpload(png: Buffer): { body: Buffer; contentType: string } {
  const boundary = 'bauakte-abuse-boundary';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('projectId', String(plan.projectId)) +
      field('fileName', 'Lageplan') +
      field('documentType', 'PNG') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lageplan.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return { body: Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function images(): Promise<void> {
  const { body, contentType } = bombUpload(fs.readFileSync(plan.pngFile));
  const headers = { authorization: `Bearer ${plan.client.token}`, 'content-type': contentType };
  await Promise.all(
    Array.from({ length: plan.parallel }, async () => {
      for (;;) count(`upload ${await timedRequest('/api/s3/upload', { method: 'POST', headers, body })}`);
    }),
  );
}

// ---- Exports: `parallel` PDF exports at a time, without pause.

async function exports(): Promise<void> {
  const headers = { authorization: `Bearer ${plan.architect.token}` };
  await Promise.all(
    Array.from({ length: plan.parallel }, async () => {
      for (;;) count(`export ${await timedRequest(`/api/export/pdf/${plan.projectId}`, { headers })}`);
    }),
  );
}

// ---- Renders: pages of a heavy PDF not rendered before, `parallel` at a time, without pause.

interface ListedFile {
  id: number;
  pagesUrl: string | null;
  pageCount: number | null;
}

/** The widest first: each page at each width once, so that no answer comes from the cache. */
const renderWidths = [2400, 1600, 960, 480];

/** Seconds a 429 or 503 asks to wait (Retry-After), else 1. */
const retryAfterOf = (response: Response) => Math.max(1, Number(response.headers.get('retry-after')) || 1);

async function renders(): Promise<void> {
  const listed = await fetch(`${base}/api/s3/project/${plan.projectId}?limit=200`, { headers: { authorization: `Bearer ${plan.client.token}` } });
  const file = ((await listed.json()) as ListedFile[]).find((one) => one.id === plan.heavyFileId);
  if (!file?.pagesUrl || !file.pageCount) throw new Error(`the heavy PDF ${plan.heavyFileId} has no pages link`);
  const { pagesUrl, pageCount } = file;
  let next = 0;
  await Promise.all(
    Array.from({ length: plan.parallel }, async () => {
      for (;;) {
        const index = next++;
        const page = (index % pageCount) + 1;
        const width = renderWidths[Math.floor(index / pageCount) % renderWidths.length]!;
        try {
          const response = await fetch(`${base}${pagesUrl}&page=${page}&width=${width}`, { signal: AbortSignal.timeout(60_000) });
          const outcome = await outcomeOf(response);
          count(`page ${outcome}`);
          // A refused lane waits as long as the server says: a flood of refusals that ignores
          // Retry-After is no longer a render attack but a request flood.
          if (response.status === 429 || response.status === 503) await sleep(retryAfterOf(response) * 1000);
        } catch (error) {
          count(`page ${failureOf(error)}`);
        }
      }
    }),
  );
}

// ---- Live channel: connections that subscribe to all they may and then stop reading.

/** Every destination a client may subscribe to: the online list, its own queue, its chat. */
const destinations = () => ['/topic/activeUsers', '/user/queue/messages', `/topic/chat/${plan.chatId}`];

/** The `code` header of an ERROR frame. */
const errorCodeOf = (frame: string) => /\ncode:([^\n]*)/.exec(frame)?.[1] ?? 'no code';

/**
 * One connection's life: CONNECT, SUBSCRIBE to every allowed destination (receipt on the last),
 * then pause reading and only write a heart-beat every 2 s, which also notices when the server
 * has cut the socket. Answers how it ended.
 */
function oneConnection(): Promise<string> {
  return new Promise((resolve) => {
    let settled = false;
    let paused = false;
    let heartbeat: NodeJS.Timeout | undefined;
    const socket = new WebSocket(`ws://127.0.0.1:${plan.port}/ws`);
    const end = (outcome: string) => {
      if (settled) return;
      settled = true;
      clearInterval(heartbeat);
      if (socket.readyState !== socket.CLOSED) socket.terminate();
      resolve(outcome);
    };
    socket.on('unexpected-response', (_request, response) => end(`upgrade refused ${response.statusCode ?? 0}`));
    socket.on('error', (error) => end(paused ? 'subscribed, then cut by the server' : `network error ${(error as { code?: string }).code ?? error.message}`));
    socket.on('close', (code) => end(paused ? 'subscribed, then cut by the server' : `closed ${code} before subscribing`));
    socket.on('open', () => {
      socket.send(`CONNECT\naccept-version:1.2\nheart-beat:10000,10000\nAuthorization:Bearer ${plan.client.token}\n\n\u0000`);
    });
    socket.on('message', (data) => {
      if (paused) return;
      const frame = String(data);
      if (frame.startsWith('ERROR')) return end(`refused: ERROR ${errorCodeOf(frame)}`);
      if (frame.startsWith('CONNECTED')) {
        count('live CONNECTED');
        const all = destinations();
        all.forEach((destination, index) =>
          socket.send(`SUBSCRIBE\nid:${index}\ndestination:${destination}\n${index === all.length - 1 ? 'receipt:all\n' : ''}\n\u0000`),
        );
        return;
      }
      if (frame.startsWith('RECEIPT')) {
        count(`live subscribed (${destinations().length} subscriptions)`);
        paused = true;
        socket.pause();
        heartbeat = setInterval(() => socket.send('\n', (error) => error && end('subscribed, then cut by the server')), 2_000);
      }
    });
  });
}

async function chatSender(): Promise<void> {
  const body = JSON.stringify({
    message: `Großer Anhang als Text: ${'x'.repeat(10_000 - 25)}`,
    senderUsername: plan.architect.username,
    receiverUsername: plan.client.username,
    chatId: plan.chatId,
    isRead: false,
  });
  const headers = { authorization: `Bearer ${plan.architect.token}`, 'content-type': 'application/json' };
  // At the rate asked, whatever the answers take (at most 10 waiting for theirs, as a browser's tabs would).
  let waiting = 0;
  for (;;) {
    if (waiting < 10) {
      waiting += 1;
      void timedRequest('/api/MessageManagment', { method: 'POST', headers, body }).then((outcome) => {
        waiting -= 1;
        count(`architect's 10 KB message ${outcome}`);
      });
    } else {
      count("architect's 10 KB message not sent: 10 still waiting");
    }
    await sleep(1000 / plan.chatRate);
  }
}

async function live(): Promise<void> {
  await Promise.all([
    chatSender(),
    ...Array.from({ length: plan.liveConnections }, async () => {
      for (;;) {
        const outcome = await oneConnection();
        count(`live ${outcome}`);
        // A refused tab retries after a few seconds; a cut one reconnects sooner.
        await sleep(outcome.startsWith('refused') ? 2_000 : 500);
      }
    }),
  ]);
}

const attacks: Record<AttackKind, () => Promise<void>> = { live, images, exports, renders };
process.stdout.write('ready\n');
await attacks[plan.kind]();
