import { Transform, type TransformCallback } from 'node:stream';
import { fileMessages, type FileFormat } from '@bauakte/domain';
import { AppError } from '../../platform/errors';

const magic: Array<{ format: FileFormat; bytes: number[] }> = [
  { format: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { format: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { format: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
];
const headLength = Math.max(...magic.map((entry) => entry.bytes.length));

/** What the first bytes say the file is: PDF, PNG or JPEG, or nothing we accept. */
export function formatOfHead(head: Buffer): FileFormat | null {
  return magic.find(({ bytes }) => head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte))?.format ?? null;
}

export const wrongFileType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', fileMessages.badType);

/**
 * Passes the bytes through unchanged, but only once their beginning proves the expected format:
 * a renamed program or an HTML page called plan.png stops the upload before anything is kept.
 */
export class FormatCheck extends Transform {
  private head = Buffer.alloc(0);
  private checked = false;

  constructor(private readonly expected: FileFormat) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.checked) return done(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < headLength) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.checked) return done();
    this.release(done);
  }

  private release(done: TransformCallback): void {
    if (formatOfHead(this.head) !== this.expected) return done(wrongFileType());
    this.checked = true;
    const head = this.head;
    this.head = Buffer.alloc(0);
    done(null, head);
  }
}
