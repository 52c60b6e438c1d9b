import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Graceful shutdown's deadlines for a process that must be gone within exitMs (SHUTDOWN_TIMEOUT_SECONDS):
 * requests still running are cut at four fifths of it, the process leaves at exitMs whatever it still
 * waits for, and the log gets flushMs of that to go out.
 */
export interface ShutdownDeadlines {
  cutRequestsMs: number;
  exitMs: number;
  flushMs: number;
}

export function shutdownDeadlines(exitMs: number): ShutdownDeadlines {
  return { cutRequestsMs: Math.round(exitMs * 0.8), exitMs, flushMs: Math.min(500, Math.round(exitMs / 4)) };
}

/** One thing a stopping server waits for, named for the log when the deadline cuts it short. */
export interface ShutdownStep {
  waitsFor: string;
  run(): Promise<unknown>;
}

/**
 * Stops on SIGTERM or SIGINT: begin() at once, then the steps one after another, then exit 0. At
 * the deadline it leaves anyway (exit 0), logging what it still waited for; a second signal leaves
 * at once (exit 1). Nothing it waits for (a mail server that never answers, a log reader that is
 * gone) can keep the process alive beyond the deadline.
 */
export function stopOnSignals(deps: {
  log: FastifyBaseLogger;
  deadlines: ShutdownDeadlines;
  flushLog(timeoutMs: number): Promise<void>;
  begin(): void;
  steps: ShutdownStep[];
}): void {
  const { deadlines } = deps;
  let waitingFor: string | null = null;
  let leaving = false;
  const leave = async (code: number) => {
    if (leaving) return;
    leaving = true;
    await deps.flushLog(deadlines.flushMs);
    process.exit(code);
  };
  const stop = async (signal: NodeJS.Signals) => {
    deps.log.info({ signal }, 'Bauakte wird beendet');
    // The log's flush is part of the deadline, not added to it.
    setTimeout(() => {
      deps.log.warn({ waitingFor }, `shutdown deadline of ${deadlines.exitMs / 1000} s reached: leaving without waiting for ${waitingFor ?? 'anything'}`);
      void leave(0);
    }, deadlines.exitMs - deadlines.flushMs);
    deps.begin();
    for (const step of deps.steps) {
      waitingFor = step.waitsFor;
      await step.run();
    }
    waitingFor = null;
    await leave(0);
  };
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      deps.log.warn({ signal }, `second ${signal}: leaving at once${waitingFor ? ` without waiting for ${waitingFor}` : ''}`);
      void deps.flushLog(deadlines.flushMs).then(() => process.exit(1));
      return;
    }
    stopping = true;
    stop(signal).catch((error: unknown) => {
      deps.log.error({ err: error, waitingFor }, 'shutdown failed');
      void leave(1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

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
