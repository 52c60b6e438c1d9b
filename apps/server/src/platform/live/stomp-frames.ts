/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): an incremental reader
 * that copes with frames split across WebSocket messages and several frames in one, and a writer
 * (a refusal included, as an ERROR frame).
 */

import { serverMessages } from '@bauakte/domain';
import { answerOf, type AppError } from '../errors';

export interface StompFrame {
  command: string;
  /** Decoded headers; a repeated header keeps its first value, as the specification says. */
  headers: Record<string, string>;
  body: Buffer;
}

/** Commands a client may send. */
export const clientCommands = new Set(['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT']);

export class StompProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StompProtocolError';
  }
}

/** A frame larger than the reader takes: refused before it is read to its end. */
export class FrameTooLargeError extends StompProtocolError {
  constructor() {
    super(serverMessages.liveFrameTooLarge);
    this.name = 'FrameTooLargeError';
  }
}

const NUL = 0;
const LF = 0x0a;
const CR = 0x0d;

/** CONNECT and CONNECTED headers are not escaped (for 1.0 clients); every other frame's are. */
const unescapedCommands = new Set(['CONNECT', 'CONNECTED']);

function decodeHeaderText(text: string, escaped: boolean): string {
  if (!escaped) return text;
  return text.replace(/\\(.?)/g, (_match, next: string) => {
    switch (next) {
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        throw new StompProtocolError(serverMessages.liveBadEscape);
    }
  });
}

function encodeHeaderText(text: string, escaped: boolean): string {
  if (!escaped) return text.replace(/[\r\n]/g, ' ');
  return text.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/:/g, '\\c');
}

interface Head {
  command: string;
  headers: Record<string, string>;
  /** Where the body starts in the buffer. */
  bodyStart: number;
}

/** Reads command and headers, or null if the blank line that ends them has not arrived yet. */
function readHead(buffer: Buffer, start: number): Head | null {
  const lines: string[] = [];
  let lineStart = start;
  for (;;) {
    const lf = buffer.indexOf(LF, lineStart);
    if (lf < 0) return null;
    const end = lf > lineStart && buffer[lf - 1] === CR ? lf - 1 : lf;
    const line = buffer.toString('utf8', lineStart, end);
    lineStart = lf + 1;
    if (line === '') break;
    lines.push(line);
  }
  const [command, ...headerLines] = lines;
  if (command === undefined || !clientCommands.has(command)) throw new StompProtocolError(serverMessages.liveUnknownCommand((command ?? '').slice(0, 40)));
  const escaped = !unescapedCommands.has(command);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new StompProtocolError(serverMessages.liveBadHeaderLine);
    const name = decodeHeaderText(line.slice(0, colon), escaped);
    if (!(name in headers)) headers[name] = decodeHeaderText(line.slice(colon + 1), escaped);
  }
  return { command, headers, bodyStart: lineStart };
}

export type ReadItem = StompFrame | 'heartbeat';

export interface ReadResult {
  /** Everything complete so far: frames and heart-beats (bare EOLs between frames). */
  items: ReadItem[];
  /** What broke the stream after those items; the connection is then done. */
  error: StompProtocolError | null;
}

export interface FrameReader {
  push(chunk: Buffer | string): ReadResult;
  /** Bytes of a frame begun and not yet finished (0 between frames). */
  pendingBytes(): number;
}

/**
 * A reader for one connection. A frame larger than `maxFrameBytes` (head and body), a malformed
 * header or an unknown command ends the stream with an error, after the frames before it.
 */
export function createFrameReader(options: { maxFrameBytes: number }): FrameReader {
  let pending: Buffer = Buffer.alloc(0);

  function next(items: ReadItem[]): boolean {
    // EOLs between frames are heart-beats.
    let offset = 0;
    while (offset < pending.length && (pending[offset] === LF || pending[offset] === CR)) {
      if (pending[offset] === LF) items.push('heartbeat');
      offset += 1;
    }
    if (offset > 0) pending = pending.subarray(offset);
    if (pending.length === 0) return false;

    const head = readHead(pending, 0);
    if (!head) {
      if (pending.length > options.maxFrameBytes) throw new FrameTooLargeError();
      return false;
    }
    const lengthHeader = head.headers['content-length'];
    let bodyEnd: number;
    if (lengthHeader !== undefined) {
      if (!/^\d{1,9}$/.test(lengthHeader)) throw new StompProtocolError(serverMessages.liveBadContentLength);
      bodyEnd = head.bodyStart + Number(lengthHeader);
      if (bodyEnd + 1 > options.maxFrameBytes) throw new FrameTooLargeError();
      if (pending.length < bodyEnd + 1) return false;
      if (pending[bodyEnd] !== NUL) throw new StompProtocolError(serverMessages.liveFrameNotEnded);
    } else {
      bodyEnd = pending.indexOf(NUL, head.bodyStart);
      if (bodyEnd < 0) {
        if (pending.length > options.maxFrameBytes) throw new FrameTooLargeError();
        return false;
      }
      if (bodyEnd + 1 > options.maxFrameBytes) throw new FrameTooLargeError();
    }
    items.push({ command: head.command, headers: head.headers, body: Buffer.from(pending.subarray(head.bodyStart, bodyEnd)) });
    pending = pending.subarray(bodyEnd + 1);
    return true;
  }

  return {
    pendingBytes: () => pending.length,
    push(chunk) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
      const items: ReadItem[] = [];
      try {
        while (next(items));
      } catch (error) {
        if (!(error instanceof StompProtocolError)) throw error;
        pending = Buffer.alloc(0);
        return { items, error };
      }
      return { items, error: null };
    },
  };
}

/** A frame as text for a WebSocket text message; the body's length is always declared. */
export function writeFrame(command: string, headers: Record<string, string | number>, body = ''): string {
  const escaped = !unescapedCommands.has(command);
  const lines = [command];
  for (const [name, value] of Object.entries(headers)) lines.push(`${encodeHeaderText(name, escaped)}:${encodeHeaderText(String(value), escaped)}`);
  if (body !== '') lines.push(`content-length:${Buffer.byteLength(body, 'utf8')}`);
  return `${lines.join('\n')}\n\n${body}\u0000`;
}

/**
 * A refusal as a STOMP ERROR frame: the German `message` and the REST `code` as headers (with the
 * REST answer's own headers, e.g. retry-after), and the REST answer's JSON body (with `issues`).
 */
export function errorFrame(error: AppError, receiptId?: string, about?: { destination: string; id: string }): string {
  const { headers, body } = answerOf(error);
  const frameHeaders = {
    message: error.message,
    code: error.code,
    ...headers,
    'content-type': 'application/json',
    ...(receiptId ? { 'receipt-id': receiptId } : {}),
    // A refused subscription names itself: its destination and the id the client gave it.
    ...(about ? { destination: about.destination, subscription: about.id } : {}),
  };
  return writeFrame('ERROR', frameHeaders, JSON.stringify(body));
}
