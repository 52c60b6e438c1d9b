import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { bytesOf, storeOf, type StoreConfig } from '../../../platform/storage/child-store';
import { serveJobs } from '../../../platform/workers/child-jobs';

/** One page of a stored PDF, rendered this many pixels wide. */
export interface PageJob {
  store: StoreConfig;
  key: string;
  /** 1-based. */
  page: number;
  width: number;
}

export interface RenderedPage {
  webp: Uint8Array;
  pageCount: number;
  width: number;
  height: number;
}

/** A page far taller than wide is cut to this many times its width, so no picture grows without bound. */
const maxHeightPerWidth = 4;

/**
 * The document last opened: the plan viewer asks for page after page of the same PDF, and a stored
 * object never changes under its key, so it is kept until another is asked for.
 */
let open: { key: string; document: mupdf.Document } | undefined;

async function documentOf(job: PageJob): Promise<mupdf.Document> {
  if (open?.key === job.key) return open.document;
  open?.document.destroy();
  open = undefined;
  const bytes = await bytesOf(storeOf(job.store), job.key);
  if (!bytes) throw new Error(`no object ${job.key}`);
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  if (document.needsPassword()) {
    document.destroy();
    throw new Error('the PDF is encrypted');
  }
  open = { key: job.key, document };
  return document;
}

/** Renders the page on white at the asked width and encodes it as WebP (quality as the images' thumbnails). */
async function renderPage(job: PageJob): Promise<RenderedPage> {
  const document = await documentOf(job);
  const pageCount = document.countPages();
  if (pageCount < 1 || job.page > pageCount) throw new Error(`page ${job.page} of ${pageCount}`);
  const page = document.loadPage(job.page - 1);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    const pageWidth = x1 - x0;
    const pageHeight = y1 - y0;
    if (!(pageWidth > 0 && pageHeight > 0)) throw new Error('the page has no area');
    const scale = Math.min(job.width / pageWidth, (job.width * maxHeightPerWidth) / pageHeight);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      const stride = pixmap.getStride();
      // A copy out of the WebAssembly memory, which the next render reuses.
      const pixels = Buffer.from(pixmap.getPixels());
      const webp = await sharp(pixels, { raw: { width: stride / 3, height, channels: 3 } })
        .extract({ left: 0, top: 0, width, height })
        .webp({ quality: 78 })
        .toBuffer();
      return { webp: new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength), pageCount, width, height };
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}

serveJobs(renderPage);
