import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/** A real PNG of the given size. */
export const samplePng = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

/** A JPEG as a phone writes it: stored landscape, EXIF saying 'turn right', and a GPS position. */
export const samplePhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Bauakte-Testkamera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 12/1 30/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A plan of several A4 pages, each naming its number ('Seite 2'). */
export function pagedPdf(pages: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (let page = 1; page <= pages; page += 1) doc.addPage().fontSize(40).text(`Seite ${page}`, 100, 100);
    doc.end();
  });
}

/** A small valid PDF with one page. */
export function samplePdf(text = 'Grundriss'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** One PNG chunk: length, type, data and its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A tiny file that claims 30 000 × 30 000 pixels: a decompression bomb's header. */
export function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(30_001 * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The seven passes of Adam7 interlacing: first column and row, then the step between pixels. */
const adam7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

/** Deflates `length` zero bytes a megabyte at a time, so that the bomb's pixels are never held. */
async function deflatedZeros(length: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const ended = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = length; left > 0; left -= zeros.length) {
    if (!deflate.write(zeros.subarray(0, Math.min(left, zeros.length)))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

let decodedBomb: Promise<Buffer> | undefined;

/**
 * A complete, valid PNG of 465 KB that decodes to 480 MB: 7 740 × 7 740 pixels (just under 60
 * megapixels), 16-bit RGBA, interlaced (Adam7, so no decoder can stream it), every pixel zero.
 * Made once per test file, in about a second and without holding its pixels.
 */
export function pngDecodedBomb(): Promise<Buffer> {
  decodedBomb ??= (async () => {
    const size = 7_740;
    const bytesPerPixel = 8;
    let raw = 0;
    for (const [x0, y0, dx, dy] of adam7) {
      const columns = Math.ceil((size - x0) / dx);
      const rows = Math.ceil((size - y0) / dy);
      raw += rows * (1 + columns * bytesPerPixel); // each row starts with its filter byte
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(size, 0);
    header.writeUInt32BE(size, 4);
    header.writeUInt8(16, 8); // bit depth
    header.writeUInt8(6, 9); // RGBA
    header.writeUInt8(1, 12); // Adam7
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', await deflatedZeros(raw)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  })();
  return decodedBomb;
}
