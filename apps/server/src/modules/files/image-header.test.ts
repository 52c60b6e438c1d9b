import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngBomb, pngDecodedBomb, samplePhoto, samplePng } from '../../test/sample-files';
import { decodedBytesOf, readImageHeader } from './image-header';

/** The bytes as a store hands them out: in small chunks, so that headers span several. */
const chunked = (bytes: Buffer, size = 7) => Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) => bytes.subarray(index * size, (index + 1) * size)));

describe('reading an image header without decoding it', () => {
  it('reads what a PNG bomb claims: 7 740 × 7 740 RGBA at 16 bits, 480 MB decoded', async () => {
    const header = await readImageHeader(chunked(await pngDecodedBomb(), 64 * 1024), 'png');
    expect(header).toEqual({ width: 7740, height: 7740, channels: 4, bytesPerChannel: 2 });
    expect(decodedBytesOf(header!)).toBe(7740 * 7740 * 8);
    expect((await readImageHeader(chunked(pngBomb()), 'png'))).toEqual({ width: 30_000, height: 30_000, channels: 1, bytesPerChannel: 1 });
  });

  it('reads a PNG and a JPEG as sharp does, past the photo\'s EXIF segment', async () => {
    for (const [bytes, format] of [[await samplePng(), 'png'], [await samplePhoto(), 'jpeg']] as const) {
      const meta = await sharp(bytes).metadata();
      const header = await readImageHeader(chunked(bytes), format);
      expect(header, format).toEqual({ width: meta.width, height: meta.height, channels: meta.channels, bytesPerChannel: 1 });
    }
  });

  it('finds no header in what is no image, or is cut before its header', async () => {
    const photo = await samplePhoto();
    const cases: Array<[Buffer, 'png' | 'jpeg']> = [
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x44]), 'png'],
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(13)]), 'png'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'jpeg'],
      [photo.subarray(0, 40), 'jpeg'],
      [Buffer.from('<html>'), 'jpeg'],
    ];
    for (const [bytes, format] of cases) expect(await readImageHeader(chunked(bytes), format), bytes.toString('hex')).toBeNull();
  });

  it('stops reading once it has the header', async () => {
    const source = chunked(await pngDecodedBomb(), 1024);
    await readImageHeader(source, 'png');
    expect(source.destroyed).toBe(true);
  });
});
