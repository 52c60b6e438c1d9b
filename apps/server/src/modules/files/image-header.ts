import type { Readable } from 'node:stream';
import type { FileFormat } from '@bauakte/domain';

/** What an image's header says its decoded pixels take, read without decoding any of them. */
export interface ImageHeader {
  width: number;
  height: number;
  channels: number;
  bytesPerChannel: number;
}

/** Bytes the decoder would need for the whole image: width × height × channels × bytes per channel. */
export const decodedBytesOf = (header: ImageHeader): number => header.width * header.height * header.channels * header.bytesPerChannel;

/**
 * Reads a stream's bytes on demand, holding no more than the chunk at hand and what was asked for:
 * skipped bytes are dropped as they pass.
 */
class ByteReader {
  private buffered: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  /** The next `length` bytes, or null once the stream ends before them. */
  async take(length: number): Promise<Buffer | null> {
    while (this.buffered.length < length) {
      const next = await this.chunks.next();
      if (next.done) return null;
      this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
    }
    const taken = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    return taken;
  }

  async skip(length: number): Promise<boolean> {
    let left = length;
    while (left > this.buffered.length) {
      left -= this.buffered.length;
      const next = await this.chunks.next();
      if (next.done) return false;
      this.buffered = next.value;
    }
    this.buffered = this.buffered.subarray(left);
    return true;
  }
}

/** Channels libvips decodes a PNG colour type into; a palette counts as RGBA (it becomes that with transparency). */
const pngChannels: Record<number, number> = { 0: 1, 2: 3, 3: 4, 4: 2, 6: 4 };

/** PNG: the IHDR chunk, which must come first after the signature. */
async function pngHeader(reader: ByteReader): Promise<ImageHeader | null> {
  const head = await reader.take(8 + 8 + 13);
  if (!head || head.readUInt32BE(8) !== 13 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = head.readUInt32BE(16);
  const height = head.readUInt32BE(20);
  const bitDepth = head[24]!;
  const channels = pngChannels[head[25]!];
  if (!width || !height || !channels || ![1, 2, 4, 8, 16].includes(bitDepth)) return null;
  return { width, height, channels, bytesPerChannel: bitDepth === 16 ? 2 : 1 };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are other segments. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
/** Markers that stand alone, without a length: TEM, RST0–7 (SOI was read already). */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** JPEG: walks the segments (skipping EXIF, ICC profiles and the like unread) to the frame header. */
async function jpegHeader(reader: ByteReader): Promise<ImageHeader | null> {
  if (!(await reader.skip(2))) return null; // SOI
  for (;;) {
    let byte = await reader.take(1);
    if (!byte || byte[0] !== 0xff) return null;
    while (byte && byte[0] === 0xff) byte = await reader.take(1); // fill bytes
    if (!byte) return null;
    const marker = byte[0]!;
    if (standsAlone(marker)) continue;
    if (marker === 0xd9 || marker === 0xda) return null; // the image ends or its data begins without a frame header
    const lengthBytes = await reader.take(2);
    if (!lengthBytes || lengthBytes.readUInt16BE(0) < 2) return null;
    const length = lengthBytes.readUInt16BE(0) - 2;
    if (!isStartOfFrame(marker)) {
      if (!(await reader.skip(length))) return null;
      continue;
    }
    const frame = length >= 6 ? await reader.take(6) : null;
    if (!frame) return null;
    const [precision, , , , , components] = frame;
    const height = frame.readUInt16BE(1);
    const width = frame.readUInt16BE(3);
    // A height of 0 is given later (DNL), which the decoder does not read either.
    if (!width || !height || !components) return null;
    return { width, height, channels: components, bytesPerChannel: precision! > 8 ? 2 : 1 };
  }
}

/**
 * The header of a stored PNG or JPEG, read from its beginning; null when it is not one that can be
 * read. The stream is closed once the header is found.
 */
export async function readImageHeader(source: Readable, format: Exclude<FileFormat, 'pdf'>): Promise<ImageHeader | null> {
  const reader = new ByteReader(source);
  try {
    return await (format === 'png' ? pngHeader(reader) : jpegHeader(reader));
  } finally {
    source.destroy();
  }
}
