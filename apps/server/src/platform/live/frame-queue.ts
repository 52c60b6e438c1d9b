import type { RawData } from 'ws';
import { serverMessages } from '@bauakte/domain';
import type { LiveLimits } from '../../config';
import { AppError, badRequest } from '../errors';
import type { Connection, Connections } from './connection';
import { createFrameReader, FrameTooLargeError, type StompFrame } from './stomp-frames';

/** STOMP frames (head and body) up to 64 KiB. */
export const maxFrameBytes = 64 * 1024;
/**
 * Frames of one connection read and not yet handled: beyond these the socket is not read until
 * they are, so a client sending faster than its frames are handled (a SEND is a database write)
 * waits in its own TCP buffers rather than in the server's memory.
 */
const maxWaitingFrames = 32;

interface FrameQueueDeps {
  connections: Pick<Connections, 'fail' | 'refuse' | 'answerTo'>;
  limits: Pick<LiveLimits, 'frameReadTimeoutSeconds'>;
  /** One frame; the next waits until it has ended. A throw ends the connection with the refusal REST would answer. */
  handle(connection: Connection, frame: StompFrame): Promise<void>;
}

/** Runs from the first byte of an unfinished frame; a frame that ends (or a broken stream) stops it. */
function watchReadDeadline(connection: Connection, pendingBytes: number, progressed: boolean, deps: FrameQueueDeps): void {
  if (connection.closed) return;
  if (pendingBytes === 0 || progressed) {
    if (connection.readDeadline) clearTimeout(connection.readDeadline);
    connection.readDeadline = null;
  }
  if (pendingBytes === 0 || connection.readDeadline) return;
  const seconds = deps.limits.frameReadTimeoutSeconds;
  connection.readDeadline = setTimeout(
    () => deps.connections.refuse(connection, 'frame_timeout', badRequest(serverMessages.liveFrameTimeout(seconds))),
    seconds * 1000,
  );
}

/**
 * Reads the connection's socket into frames and hands them to `handle` one after another, in the
 * order they came; while too many wait, the socket is not read. A broken stream ends the
 * connection after the frames before the break.
 */
export function readFrames(connection: Connection, deps: FrameQueueDeps): void {
  const { socket } = connection;
  const { fail, refuse, answerTo } = deps.connections;
  const reader = createFrameReader({ maxFrameBytes });
  // While the socket is not read, the client cannot finish a frame: its deadline waits too.
  const pauseReading = () => {
    socket.pause();
    if (connection.readDeadline) clearTimeout(connection.readDeadline);
    connection.readDeadline = null;
  };
  const resumeReading = () => {
    socket.resume();
    connection.lastReceivedAt = Date.now();
    watchReadDeadline(connection, reader.pendingBytes(), false, deps);
  };
  const handled = () => {
    connection.waiting -= 1;
    if (connection.waiting === 0 && socket.isPaused && !connection.closed) resumeReading();
  };
  socket.on('message', (data: RawData) => {
    if (connection.closed) return;
    connection.lastReceivedAt = Date.now();
    const { items, error } = reader.push(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer));
    for (const item of items) {
      if (item === 'heartbeat') continue;
      connection.waiting += 1;
      connection.queue = connection.queue
        .then(() => (connection.closed ? undefined : deps.handle(connection, item)))
        .catch((error: unknown) => fail(connection, answerTo(error, 'live channel: frame failed'), item.headers.receipt))
        .finally(handled);
    }
    watchReadDeadline(connection, error ? 0 : reader.pendingBytes(), items.some((item) => item !== 'heartbeat'), deps);
    if (connection.waiting > maxWaitingFrames && !socket.isPaused) pauseReading();
    // The frames before a broken one are handled first, then the connection ends.
    if (error instanceof FrameTooLargeError) {
      connection.queue = connection.queue.then(() => refuse(connection, 'frame_too_large', new AppError('PAYLOAD_TOO_LARGE', error.message)));
    } else if (error) {
      connection.queue = connection.queue.then(() => fail(connection, badRequest(error.message)));
    }
  });
}
