import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Browsers open connections ahead of need that carry no request yet. Node's server.close() closes
 * idle keep-alive connections but waits for these until they time out, which kept a stopping
 * server alive for seconds. This tracks them, so shutdown can close them at once; connections
 * with a request in flight are left to finish.
 */
export function trackUnusedConnections(server: Server): { closeUnused(): void } {
  const unused = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  return {
    closeUnused: () => {
      for (const socket of unused) socket.destroy();
      unused.clear();
    },
  };
}
