import fs from 'node:fs';

/** Log text waiting for a slow reader beyond this is dropped (and counted), not kept in memory. */
const maxPendingBytes = 8 * 1024 * 1024;

export interface LogOutput {
  write(text: string): void;
  /** Resolves once what was written has gone out, the output is closed, or timeoutMs have passed. */
  flush(timeoutMs: number): Promise<void>;
  /** Lines dropped because the reader was too slow or gone. */
  readonly dropped: number;
}

/**
 * Where the server's log lines go (stdout): written without ever blocking the process, so a reader
 * that stopped reading cannot hold up requests or a shutdown, and a reader that is gone (EPIPE) only
 * ends the logging. pino's own destination flushes synchronously at exit and waits forever for
 * such a reader.
 */
export function createLogOutput(fd: number): LogOutput {
  const pending: string[] = [];
  let pendingBytes = 0;
  let writing = false;
  let closed = false;
  let dropped = 0;
  const idle: Array<() => void> = [];

  const settle = () => {
    if (writing && !closed) return;
    for (const resolve of idle.splice(0)) resolve();
  };

  const next = () => {
    if (closed || pending.length === 0) {
      writing = false;
      settle();
      return;
    }
    writing = true;
    const chunk = Buffer.from(pending.splice(0).join(''));
    pendingBytes = 0;
    const send = (offset: number) =>
      fs.write(fd, chunk, offset, chunk.length - offset, null, (error, written) => {
        if (error) {
          // EAGAIN: the reader is slow; anything else (EPIPE, EBADF): nobody reads any more.
          if (error.code === 'EAGAIN') return void setTimeout(() => send(offset), 50).unref();
          closed = true;
          pending.length = 0;
          return next();
        }
        if (offset + written < chunk.length) return send(offset + written);
        next();
      });
    send(0);
  };

  return {
    write(text) {
      if (closed) return;
      const bytes = Buffer.byteLength(text);
      if (pendingBytes + bytes > maxPendingBytes) {
        dropped += 1;
        return;
      }
      pending.push(text);
      pendingBytes += bytes;
      if (!writing) next();
    },
    flush(timeoutMs) {
      if (!writing || closed) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    get dropped() {
      return dropped;
    },
  };
}
