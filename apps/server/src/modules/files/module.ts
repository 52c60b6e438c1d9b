import { serverMessages } from '@bauakte/domain';
import type { Platform } from '../../platform/compose';
import { addProjectTopic } from '../../platform/live/topics';
import multipart from '@fastify/multipart';
import { maxWaitingThumbnails } from '../../platform/images/image-decoding';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createPageCache } from './previews/page-cache';
import { createPdfPreviews } from './previews/pdf-previews';
import { registerFileRoutes } from './routes';
import type { FileEvent } from './file-commits';
import { createFileService, type FileService } from './service';
import type { PlanNoticeService } from '../notifications/plan-notices';

/** A project's files: uploads with thumbnails (a PDF's first page rendered in a child process), signed downloads, a PDF's pages; answers the service projects and export use. */
export async function registerFilesModule(platform: Platform, needs: { planNotices: PlanNoticeService }): Promise<FileService> {
  const { app, config, data, store, links, access, log, metrics, background, liveTopics, routeLimits } = platform;
  // Whoever may list the project's files hears of a new one live, as of a pin.
  const announceToProject = addProjectTopic(liveTopics, 'files', (user, projectId) => access.project(user, projectId, 'read'));
  const pageCache = createPageCache({ data, store, limits: config.pageCache, log });
  const previews = createPdfPreviews({
    store,
    storeConfig: { s3: config.s3, dataDir: config.dataDir },
    limits: config.previews,
    queue: createJobQueue({ concurrency: config.previews.maxConcurrent, maxWaiting: config.previews.maxQueued }),
    cache: pageCache,
    log,
  });
  app.addHook('onClose', () => previews.close());
  const files = createFileService({
    data,
    store,
    links,
    access,
    maxBytes: config.uploadMaxBytes,
    thumbnails: {
      maxDecodedBytes: config.imageMaxDecodedBytes,
      queue: createJobQueue({ concurrency: config.thumbnailConcurrency, maxWaiting: maxWaitingThumbnails }),
    },
    previews,
    pageCache,
    chargeRender: (viewer) => routeLimits.charge(viewer, 'pageRender', serverMessages.tooManyPageRenders),
    log,
    background,
    metrics,
    onPlanChange: (change) => background.run('plan notice', () => needs.planNotices.afterChange(change)),
    announce: ({ projectId, fileId, planId, version }: FileEvent) => announceToProject(projectId, { fileId, planId, version }),
  });
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12, headerPairs: 100 },
  });
  registerFileRoutes(app, { files, maxBytes: config.uploadMaxBytes });
  return files;
}
