import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Graceful shutdown: requests still running are cut at the first, the process leaves at the second. */
export const shutdownDeadlines = { cutRequestsMs: 8_000, exitMs: 10_000 } as const;

/**
 * Browsers open connections ahead of need that carry no request yet. Node's server.close() closes
 * idle keep-alive connections but waits for these until they time out, which kept a stopping
 * server alive for seconds; likewise a keep-alive connection whose request was still running when
 * the shutdown began stays open after its answer. This tracks both, so shutdown can close them as
 * soon as they carry nothing; connections with a request in flight are left to finish it.
 */
export function trackUnusedConnections(server: Server): { closeWhenIdle(): void } {
  const unused = new Set<Socket>();
  let stopping = false;
  server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    unused.delete(request.socket);
    response.once('finish', () => {
      if (stopping) request.socket.end();
    });
  });
  // A WebSocket is in use too: the live channel closes it itself, with the reconnect hint.
  server.on('upgrade', (request: IncomingMessage) => unused.delete(request.socket));
  return {
    closeWhenIdle: () => {
      stopping = true;
      for (const socket of unused) socket.destroy();
      unused.clear();
    },
  };
}
