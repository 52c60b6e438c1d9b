import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { BackgroundTasks } from '../../platform/background';
import type { DataLayer } from '../../platform/db/repositories';
import type { UploadMetrics } from '../../platform/metrics/metrics';
import type { ObjectStore } from '../../platform/storage/object-store';
import type { SignedLinks } from '../../platform/storage/signed-links';
import type { PlanChange } from '../notifications/plan-notices';
import { createFileCommits, type FileEvent } from './file-commits';
import { createFileDownloads } from './file-downloads';
import { createFileObjects } from './file-objects';
import { createFileSweep } from './file-sweep';
import type { PageCache } from './previews/page-cache';
import type { PdfPreviews } from './previews/pdf-previews';
import type { ThumbnailLimits } from './thumbnails';

/** How the export lists a file. */
export type { FileDescription } from './file-downloads';

/**
 * A project's files, as the routes, projects and export use them: the upload and its commit, a
 * plan's removal and the PDF previews that follow (file-commits.ts); the lists, signed downloads
 * and a PDF's pages (file-downloads.ts); the store's sweep (file-sweep.ts).
 */
export function createFileService(deps: {
  data: DataLayer;
  store: ObjectStore;
  links: SignedLinks;
  access: AccessPolicy;
  maxBytes: number;
  thumbnails: ThumbnailLimits;
  previews: PdfPreviews;
  /** The rendered pages kept in the store: the sweep holds their installation's bound. */
  pageCache: PageCache;
  /** Counts a page render against the viewer's budget; throws 429 when it is used up. */
  chargeRender(viewer: Pick<AuthUser, 'id'>): Promise<void>;
  log: FastifyBaseLogger;
  /** Where a PDF's first page is rendered after its upload has been answered. */
  background: BackgroundTasks;
  metrics?: UploadMetrics;
  /** Told after the commit of every new version of a plan (from version 2): the other side's mail. */
  onPlanChange?: (change: PlanChange) => void;
  /** Told after the commit of every listed upload, a new plan or a new version: the live channel's event (ids only). */
  announce?: (event: FileEvent) => void;
}) {
  const objects = createFileObjects(deps);
  const { upload, remove, resumePreviews } = createFileCommits({ ...deps, objects });
  const { list, versions, download, page, listWithPreviews } = createFileDownloads(deps);
  const { sweep, sweepAtStart } = createFileSweep({ ...deps, objects });
  const { objectsOfProject, discardObjects } = objects;
  return { list, upload, versions, remove, download, page, listWithPreviews, objectsOfProject, discardObjects, sweepAtStart, sweep, resumePreviews };
}

export type FileService = ReturnType<typeof createFileService>;
