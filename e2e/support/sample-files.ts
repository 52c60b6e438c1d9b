import zlib from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid 2 × 2 RGB PNG: red, green / blue, white. */
export function twoByTwoPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  // Each row starts with filter type 0.
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF's header and numbered objects (1, 2, …), with where each begins. */
function pdfObjects(objects: readonly string[]): { body: string; offsets: number[] } {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  return { body, offsets };
}

/** The cross-reference table of objects beginning at `offsets`, placed at byte `at`, and the trailer; object 1 is the catalogue. */
function pdfTrailer(offsets: readonly number[], at: number): string {
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  return `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
}

/** A PDF as the text before and after a run of `padding` spaces, so a browser can build a large one cheaply. */
export interface PdfParts {
  head: string;
  padding: number;
  tail: string;
}

/**
 * A minimal valid one-page PDF with a correct cross-reference table; `paddingBytes` adds an unused
 * stream object of that many spaces, for a plan of realistic size.
 */
export function onePagePdfParts(text = 'Grundriss EG', paddingBytes = 0): PdfParts {
  const stream = `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let { body: head, offsets } = pdfObjects(objects);
  let tail = '';
  if (paddingBytes > 0) {
    offsets = [...offsets, head.length];
    head += `${objects.length + 1} 0 obj\n<< /Length ${paddingBytes} >>\nstream\n`;
    tail = '\nendstream\nendobj\n';
  }
  tail += pdfTrailer(offsets, head.length + paddingBytes + tail.length);
  return { head, padding: paddingBytes, tail };
}

export function pdfBytes({ head, padding, tail }: PdfParts): Buffer {
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.alloc(padding, 0x20), Buffer.from(tail, 'latin1')]);
}

export function onePagePdf(text = 'Grundriss EG'): Buffer {
  return pdfBytes(onePagePdfParts(text));
}

/** A minimal valid PDF of several pages, each naming its number ('Seite 2'), for paging in the viewer. */
export function multiPagePdf(pages: number): Buffer {
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 2);
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  for (let page = 1; page <= pages; page += 1) {
    const stream = `BT /F1 24 Tf 40 300 Td (Seite ${page}) Tj ET 20 20 m 380 20 l 380 380 l 20 380 l h S`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 400] /Contents ${objects.length + 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  const { body, offsets } = pdfObjects(objects);
  return Buffer.from(body + pdfTrailer(offsets, body.length), 'latin1');
}
