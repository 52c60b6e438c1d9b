import { describe, expect, it } from 'vitest';
import { createFrameReader, FrameTooLargeError, writeFrame, type ReadItem, type StompFrame } from './stomp-frames';

const frames = (items: ReadItem[]) => items.filter((item): item is StompFrame => item !== 'heartbeat');

/** A reader whose push answers the items and throws what broke the stream, for short assertions. */
const reader = () => {
  const read = createFrameReader({ maxFrameBytes: 64 * 1024 });
  return {
    push(chunk: Buffer | string): ReadItem[] {
      const { items, error } = read.push(chunk);
      if (error) throw error;
      return items;
    },
  };
};

describe('STOMP frame reader', () => {
  it('reads a frame split across several messages, byte by byte', () => {
    const text = 'SEND\ndestination:/app/chat/1\ncontent-type:application/json\n\n{"message":"Grüß Gott"}\u0000';
    const read = reader();
    const seen: ReadItem[] = [];
    for (const byte of Buffer.from(text)) seen.push(...read.push(Buffer.from([byte])));
    expect(frames(seen)).toHaveLength(1);
    expect(frames(seen)[0]!.headers.destination).toBe('/app/chat/1');
    expect(frames(seen)[0]!.body.toString()).toBe('{"message":"Grüß Gott"}');
  });

  it('reads several frames and heart-beats in one message', () => {
    const items = reader().push('\nSUBSCRIBE\nid:0\ndestination:/topic/activeUsers\n\n\u0000\r\n\nUNSUBSCRIBE\nid:0\n\n\u0000\n');
    expect(frames(items).map((frame) => frame.command)).toEqual(['SUBSCRIBE', 'UNSUBSCRIBE']);
    expect(items.filter((item) => item === 'heartbeat')).toHaveLength(4);
  });

  it('takes a body with NUL bytes when content-length says how long it is', () => {
    const body = Buffer.from([0x61, 0x00, 0x62]);
    const frame = Buffer.concat([Buffer.from('SEND\ndestination:/x\ncontent-length:3\n\n'), body, Buffer.from([0])]);
    const [read] = frames(reader().push(frame));
    expect(read!.body).toEqual(body);
  });

  it('decodes escaped headers, keeps the first of repeated ones, and leaves CONNECT headers as they are', () => {
    const [send] = frames(reader().push('SEND\ndestination:/a\\cb\\nc\\\\d\ndestination:/ignored\n\n\u0000'));
    expect(send!.headers.destination).toBe('/a:b\nc\\d');
    const [connect] = frames(reader().push('CONNECT\nAuthorization:Bearer a\\b\n\n\u0000'));
    expect(connect!.headers.Authorization).toBe('Bearer a\\b');
  });

  it('refuses an oversized frame, with or without content-length, before it has all arrived', () => {
    expect(() => reader().push(`SEND\ndestination:/x\n\n${'x'.repeat(64 * 1024)}`)).toThrow('Der Frame ist zu groß.');
    expect(() => reader().push('SEND\ndestination:/x\ncontent-length:70000\n\nabc')).toThrow('Der Frame ist zu groß.');
    expect(() => reader().push(`SEND\n${'h'.repeat(70_000)}`)).toThrow('Der Frame ist zu groß.');
  });

  it('tells how much of an unfinished frame it holds, and nothing between frames or heart-beats', () => {
    const read = createFrameReader({ maxFrameBytes: 1024 });
    read.push('\n\n');
    expect(read.pendingBytes()).toBe(0);
    read.push('SEND\ndestination:/a\n\nha');
    expect(read.pendingBytes()).toBe('SEND\ndestination:/a\n\nha'.length);
    read.push('llo\u0000SUB');
    expect(read.pendingBytes()).toBe(3);
    read.push('SCRIBE\nid:0\ndestination:/b\n\n\u0000\n');
    expect(read.pendingBytes()).toBe(0);
  });

  it('refuses an oversized frame as too large, other faults as protocol errors', () => {
    expect(createFrameReader({ maxFrameBytes: 16 }).push(`SEND\n\n${'x'.repeat(32)}`).error).toBeInstanceOf(FrameTooLargeError);
    expect(createFrameReader({ maxFrameBytes: 16 }).push('HELLO\n\n\u0000').error).not.toBeInstanceOf(FrameTooLargeError);
  });

  it('refuses unknown commands, headers without a colon, bad escapes and a wrong content-length', () => {
    expect(() => reader().push('HELLO\n\n\u0000')).toThrow('Unbekannter Befehl: HELLO');
    expect(() => reader().push('SEND\nno-colon\n\n\u0000')).toThrow('Ungültige Header-Zeile.');
    expect(() => reader().push('SEND\ndestination:/a\\t\n\n\u0000')).toThrow('Ungültige Escape-Sequenz in einem Header.');
    expect(() => reader().push('SEND\ncontent-length:1\n\nab\u0000')).toThrow('Der Frame endet nicht nach content-length.');
    expect(() => reader().push('SEND\ncontent-length:-1\n\n\u0000')).toThrow('Ungültige content-length.');
  });

  it('hands on the frames before the one that breaks the stream', () => {
    const { items, error } = createFrameReader({ maxFrameBytes: 1024 }).push('SEND\ndestination:/a\n\nok\u0000HELLO\n\n\u0000');
    expect(frames(items).map((frame) => frame.body.toString())).toEqual(['ok']);
    expect(error?.message).toBe('Unbekannter Befehl: HELLO');
  });

  it('writes frames the reader reads back, escaping headers and declaring the body length', () => {
    const text = writeFrame('MESSAGE', { destination: '/topic/chat:1', subscription: 'sub\n0' }, 'Zeile 1\nZeile 2 – ß');
    expect(text).toContain('destination:/topic/chat\\c1');
    expect(text).toContain(`content-length:${Buffer.byteLength('Zeile 1\nZeile 2 – ß')}`);
    expect(text.endsWith('\u0000')).toBe(true);
  });
});
