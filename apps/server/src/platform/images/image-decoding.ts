import sharp from 'sharp';

/** Thumbnail jobs waiting beyond the running ones; with more, an image is stored without a thumbnail. */
export const maxWaitingThumbnails = 100;

/**
 * Process-wide settings of the image library, set once at start. Each image is decoded by one
 * thread, so the thumbnail queue alone decides how many decode at once (and how much memory they
 * take); and no decoded image or operation is cached beyond its job.
 */
export function configureImageDecoding(): void {
  sharp.concurrency(1);
  sharp.cache(false);
}
