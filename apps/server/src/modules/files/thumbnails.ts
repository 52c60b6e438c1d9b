import sharp from 'sharp';
import { serverMessages } from '@bauakte/domain';
import { AppError } from '../../platform/errors';
import type { ObjectStore } from '../../platform/storage/object-store';

/** Larger images are refused: decoding a crafted 'bomb' would otherwise take all the memory. */
export const maxImageMegapixels = 60;

export const thumbnailWidth = 480;

/**
 * A WebP preview about 480 px wide, turned as the camera held it (EXIF orientation) and without
 * any metadata — a photo's GPS position stays in the original, which is downloaded unchanged.
 */
export async function makeThumbnail(store: ObjectStore, key: string): Promise<Buffer> {
  const source = await store.get(key);
  if (!source) throw new Error(`object ${key} vanished before its thumbnail was made`);
  const pipeline = sharp({ limitInputPixels: maxImageMegapixels * 1_000_000, failOn: 'error' })
    .rotate()
    .resize({ width: thumbnailWidth, withoutEnlargement: true })
    .webp({ quality: 78 });
  source.pipe(pipeline);
  try {
    return await pipeline.toBuffer();
  } catch (error) {
    source.destroy();
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) throw new AppError(413, 'PAYLOAD_TOO_LARGE', serverMessages.imageTooLarge(maxImageMegapixels));
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', serverMessages.imageUnreadable);
  }
}
