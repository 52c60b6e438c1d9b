// Baseline for uploads: a plain node:http server that pipes the request body into a file — the
// upper bound for receiving a file on this machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-bench-pipe-'));
let count = 0;
const server = http.createServer((request, response) => {
  const file = path.join(dir, `upload-${++count}`);
  pipeline(request, fs.createWriteStream(file))
    .then(() => {
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ size: fs.statSync(file).size }));
      fs.rmSync(file, { force: true });
    })
    .catch(() => response.writeHead(500).end());
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
