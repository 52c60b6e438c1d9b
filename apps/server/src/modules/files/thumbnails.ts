import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { serverMessages, type FileFormat } from '@bauakte/domain';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { ObjectStore } from '../../platform/storage/object-store';
import { decodedBytesOf, readImageHeader } from './image-header';

/** Larger images get no preview: their pixels alone would be hundreds of megabytes. */
export const maxImageMegapixels = 60;

export const thumbnailWidth = 480;

export interface ThumbnailLimits {
  /** An image whose decoded pixels would take more bytes than this gets no preview. */
  maxDecodedBytes: number;
  /** The instance's thumbnail jobs: at most a few decode at once, a bounded line waits. */
  queue: JobQueue;
}

const unreadable = () => new AppError('UNSUPPORTED_MEDIA_TYPE', serverMessages.imageUnreadable);

/**
 * Makes an image's preview; an image too large to decode safely, or one arriving while the line
 * of thumbnail jobs is full, is kept without one (null): nothing the user uploaded is lost, and no
 * upload takes the server's memory with it. A file that is no readable image is refused (415).
 */
export function createThumbnailMaker(deps: { store: ObjectStore; limits: ThumbnailLimits; log: FastifyBaseLogger }) {
  const { store, limits, log } = deps;

  async function open(key: string) {
    const source = await store.get(key);
    if (!source) throw new Error(`object ${key} vanished before its thumbnail was made`);
    return source;
  }

  /**
   * A WebP preview about 480 px wide, turned as the camera held it (EXIF orientation) and without
   * any metadata — a photo's GPS position stays in the original, which is downloaded unchanged.
   */
  async function render(key: string): Promise<Buffer | null> {
    const source = await open(key);
    const pipeline = sharp({ limitInputPixels: maxImageMegapixels * 1_000_000, sequentialRead: true, failOn: 'error' })
      .rotate()
      .resize({ width: thumbnailWidth, withoutEnlargement: true })
      .webp({ quality: 78 });
    source.pipe(pipeline);
    try {
      return await pipeline.toBuffer();
    } catch (error) {
      source.destroy();
      // The header read before agreed; sharp's own limit is the second line, with the same outcome.
      if (/pixel limit/i.test((error as Error).message)) return null;
      throw unreadable();
    }
  }

  return {
    async make(key: string, format: Exclude<FileFormat, 'pdf'>): Promise<Buffer | null> {
      const header = await readImageHeader(await open(key), format);
      if (!header) throw unreadable();
      const decodedBytes = decodedBytesOf(header);
      if (header.width * header.height > maxImageMegapixels * 1_000_000 || decodedBytes > limits.maxDecodedBytes) {
        log.info({ key, ...header, decodedBytes }, 'image too large for a thumbnail; stored without one');
        return null;
      }
      const job = limits.queue.offer(() => render(key));
      if (job) return job;
      log.warn({ key, waiting: limits.queue.waiting }, 'thumbnail line full; image stored without a thumbnail');
      return null;
    },
  };
}

export type ThumbnailMaker = ReturnType<typeof createThumbnailMaker>;
