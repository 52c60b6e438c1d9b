// The baseline of the live channel: a bare `ws` server that sends every message it receives to
// all other connections, with no protocol, authorization or storage. Prints its port.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer();
const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (socket) => {
  socket.on('message', (data) => {
    const text = String(data);
    for (const client of wss.clients) if (client !== socket && client.readyState === client.OPEN) client.send(text);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
