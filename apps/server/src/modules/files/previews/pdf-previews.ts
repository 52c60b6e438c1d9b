import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { serverMessages } from '@bauakte/domain';
import type { PreviewLimits } from '../../../config';
import { AppError, tooManyRequests } from '../../../platform/errors';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import type { StoreConfig } from '../../../platform/storage/child-store';
import type { ObjectStore } from '../../../platform/storage/object-store';
import { childEntry } from '../../../platform/workers/child-entry';
import { createProcessPool } from '../../../platform/workers/process-pool';
import type { PageCache } from './page-cache';
import type { PageJob, RenderedPage } from './preview-process';

/** The tile's preview: as wide as the images' thumbnails. */
export const thumbnailPageWidth = 480;

/** Seconds a caller refused for a full line, or for a file whose pages are being rendered, is asked to wait. */
const retryAfterSeconds = 5;

/** Pages of one file rendered at once: a sharper width while the first arrives, or the next page. */
export const rendersPerFile = 2;

const previewBusy = () => new AppError('SERVICE_UNAVAILABLE', serverMessages.previewBusy, { headers: { 'retry-after': String(retryAfterSeconds) } });
const previewFailed = () => new AppError('SERVICE_UNAVAILABLE', serverMessages.previewFailed, { headers: { 'retry-after': String(retryAfterSeconds) } });

/** Where a PDF's rendered pages are cached: beside the file, each under its page and width. */
export const pagesPrefixOf = (storageKey: string) => `${storageKey}.pages/`;
export const pageKeyOf = (storageKey: string, page: number, width: number) => `${pagesPrefixOf(storageKey)}${page}-${width}.webp`;

/** The file a cached page belongs to; undefined for any other object. */
export function ownerOfPageKey(key: string): string | undefined {
  const match = /^(.*)\.pages\/[0-9]+-[0-9]+\.webp$/.exec(key);
  return match?.[1];
}

export interface PdfPreviewDeps {
  store: ObjectStore;
  /** What the render processes need to open the same store: the PDF's megabytes never pass the server's heap. */
  storeConfig: StoreConfig;
  limits: PreviewLimits;
  /** The bounded line every render waits in (at most limits.maxConcurrent at once). */
  queue: JobQueue;
  /** Where rendered pages are kept, within their bounds. */
  cache: PageCache;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

/**
 * PDF pages as WebP pictures, rendered by MuPDF (WebAssembly) in child processes: the first page
 * as an upload's thumbnail, any page at one of the allowed widths for the plan viewer, cached in
 * the store. A render over its time or memory bound ends its process; the next gets a fresh one.
 */
export function createPdfPreviews(deps: PdfPreviewDeps) {
  const { store, limits, queue, cache, log } = deps;
  const pool = createProcessPool<PageJob, RenderedPage>({
    name: 'pdf preview',
    entry: childEntry(import.meta.url, './preview-process.ts', 'preview-process.js'),
    // The queue in front lets no more than this many run; the pool's own line stays empty.
    processes: limits.maxConcurrent,
    maxQueue: limits.maxConcurrent,
    timeoutMs: limits.timeLimitMs,
    maxHeapMb: limits.memoryLimitMb,
    maxRssMb: limits.memoryLimitMb,
    priority: limits.priority,
    log,
    errors: { busy: previewBusy, aborted: previewFailed, failed: () => previewFailed() },
  });
  /** Renders under way by cache key: a page asked for twice at once is rendered once. */
  const rendering = new Map<string, Promise<Buffer>>();

  /** Renders under way by file: one client paging through a heavy PDF does not take every process. */
  const rendersOfFile = new Map<string, number>();

  /** Takes one of the file's render places, or refuses with 429; answers how to give it back. */
  function takeFilePlace(storageKey: string): () => void {
    const running = rendersOfFile.get(storageKey) ?? 0;
    if (running >= rendersPerFile) throw tooManyRequests(serverMessages.fileRendersBusy, retryAfterSeconds);
    rendersOfFile.set(storageKey, running + 1);
    return () => {
      const left = (rendersOfFile.get(storageKey) ?? 1) - 1;
      if (left > 0) rendersOfFile.set(storageKey, left);
      else rendersOfFile.delete(storageKey);
    };
  }

  /**
   * Starts a page's render within the file's places, once `beforeRender` (the caller's budget) has
   * let it: a refusal is the caller's alone, never that of others asking for the same page.
   */
  async function startRender(storageKey: string, page: number, width: number, beforeRender: () => Promise<void>): Promise<Buffer> {
    const cacheKey = pageKeyOf(storageKey, page, width);
    const giveBack = takeFilePlace(storageKey);
    try {
      await beforeRender();
    } catch (error) {
      giveBack();
      throw error;
    }
    const started = rendering.get(cacheKey);
    if (started) {
      giveBack();
      return started;
    }
    const pending = renderAndCache(storageKey, page, width).finally(() => {
      giveBack();
      rendering.delete(cacheKey);
    });
    rendering.set(cacheKey, pending);
    return pending;
  }

  /** Runs the render in the line; undefined when the line is full. */
  function offer(job: Omit<PageJob, 'store'>): Promise<RenderedPage> | undefined {
    return queue.offer(() => pool.run({ ...job, store: deps.storeConfig }));
  }

  async function renderAndCache(storageKey: string, page: number, width: number): Promise<Buffer> {
    const job = offer({ key: storageKey, page, width });
    if (!job) {
      log.warn({ key: storageKey, waiting: queue.waiting }, 'preview line full; page refused');
      throw previewBusy();
    }
    const rendered = await job.catch((error: unknown) => {
      log.warn({ err: error, key: storageKey, page, width }, 'pdf page not rendered');
      throw error instanceof AppError ? error : previewFailed();
    });
    const webp = Buffer.from(rendered.webp.buffer, rendered.webp.byteOffset, rendered.webp.byteLength);
    await cache.keep(storageKey, pageKeyOf(storageKey, page, width), webp);
    return webp;
  }

  return {
    /**
     * The first page as the tile's thumbnail and the page count, or null when the PDF cannot be
     * rendered (broken, encrypted, over a bound) or the line is full: the upload keeps the PDF
     * without a preview.
     */
    async firstPage(storageKey: string): Promise<{ thumbnail: Buffer; pageCount: number } | null> {
      const job = offer({ key: storageKey, page: 1, width: thumbnailPageWidth });
      if (!job) {
        log.warn({ key: storageKey, waiting: queue.waiting }, 'preview line full; PDF stored without a preview');
        return null;
      }
      try {
        const rendered = await job;
        return { thumbnail: Buffer.from(rendered.webp.buffer, rendered.webp.byteOffset, rendered.webp.byteLength), pageCount: rendered.pageCount };
      } catch (error) {
        log.info({ err: error, key: storageKey }, 'pdf not rendered; stored without a preview');
        return null;
      }
    },

    /**
     * A page's WebP: from the cache, else rendered (once, however many ask at once) and cached.
     * A render that has to start first passes the file's bound (at most rendersPerFile of its pages
     * at once) and `beforeRender` (the caller's budget); either may refuse with 429.
     */
    async page(storageKey: string, page: number, width: number, beforeRender: () => Promise<void>): Promise<Readable> {
      const cacheKey = pageKeyOf(storageKey, page, width);
      const cached = await cache.get(cacheKey);
      if (cached) return cached;
      return Readable.from([await (rendering.get(cacheKey) ?? startRender(storageKey, page, width, beforeRender))]);
    },

    /** The cached pages of a file, to be removed with it. */
    async cachedPages(storageKey: string): Promise<string[]> {
      const keys: string[] = [];
      for await (const object of store.list(pagesPrefixOf(storageKey))) keys.push(object.key);
      return keys;
    },

    /** The render processes' ids (the bench reads their memory). */
    pids: () => pool.pids(),

    close: () => pool.close(),
  };
}

export type PdfPreviews = ReturnType<typeof createPdfPreviews>;
