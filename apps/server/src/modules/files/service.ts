import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { pageWidths, pathId, pageWindow, participantName, serverMessages, uploadFieldsSchema, type ListPageQuery, type ProjectFile } from '@bauakte/domain';
import { newsSeenBy, type AccessPolicy, type CheckedProject } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DataLayer, Repositories } from '../../platform/db/repositories';
import { isForeignKeyViolation } from '../../platform/db/errors';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { parseOrRefuse } from '../../platform/http/request-body';
import { uploadPrefixes, type ObjectStore } from '../../platform/storage/object-store';
import type { SignedLinks } from '../../platform/storage/signed-links';
import type { UploadMetrics } from '../../platform/metrics/metrics';
import type { BackgroundTasks } from '../../platform/background';
import { wrongFileType } from './format-check';
import { parseRange, type RangeAnswer } from './ranges';
import type { FileRow } from './repository';
import type { PageCache } from './previews/page-cache';
import { ownerOfPageKey, type PdfPreviews } from './previews/pdf-previews';
import { createThumbnailMaker, type ThumbnailLimits } from './thumbnails';
import { createUploadReceiver, thumbnailKeyOf, type StoredUpload } from './upload';
import type { PlanChange } from '../notifications/plan-notices';

export type FileVariant = 'original' | 'thumbnail' | 'pages';

export interface FileDownload {
  body: Readable;
  contentType: string;
  originalName: string;
  size: number;
  range: RangeAnswer;
  /** Seconds the signed link stays valid: how long a browser may keep the bytes. */
  maxAgeSeconds: number;
}

/** How long an unlisted object may be an upload still under way (on another instance). */
export const sweepGraceMs = 3_600_000;

const linkExpired = () => new AppError('LINK_EXPIRED', serverMessages.linkExpired);

export const downloadPath = (projectId: number, fileId: number, variant: FileVariant) =>
  `/api/s3/download/${projectId}/${fileId}${variant === 'original' ? '' : `/${variant}`}`;

/** A PDF's pages, for one viewer: the pages they have rendered count against their budget. */
export const pagesPath = (projectId: number, fileId: number, viewerId: number) => `${downloadPath(projectId, fileId, 'pages')}/${viewerId}`;

/** A file as the export lists it: a project file without its signed links. */
export type FileDescription = Omit<ProjectFile, 'url' | 'thumbnailUrl' | 'pagesUrl'>;

/** The page and width a pages link asks for, as sent (validated against the file). */
export interface PageQuery {
  expires?: string;
  signature?: string;
  page?: string;
  width?: string;
}

/** A rendered page: the WebP and how long the browser may keep it. */
export interface PageDownload {
  body: Readable;
  maxAgeSeconds: number;
}

/**
 * The file a spec s3Key names ('Projekt/' + the url after '/download/': 'Projekt/12/34?expires=…'),
 * if it lies in this project.
 */
export function fileIdOfS3Key(s3Key: string, projectId: number): number | null {
  const match = /^Projekt\/([^/?]+)\/([^/?]+)(?:\/thumbnail)?(?:\?.*)?$/.exec(s3Key);
  if (!match || pathId(match[1]!) !== projectId) return null;
  return pathId(match[2]!);
}

/** What the live channel announces of a new file: which one, of which plan, which version. */
export interface FileEvent {
  projectId: number;
  fileId: number;
  planId: number;
  version: number;
}

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
  const { data, store, links, log } = deps;
  const { files } = data.repos;

  /** Objects whose row is gone or never came: a failed delete is left to the sweep, never to the user. */
  async function discardObjects(keys: string[]): Promise<void> {
    for (const key of keys) {
      await store.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'object not deleted; the sweep will remove it'));
    }
  }

  const keysOf = (row: Pick<FileRow, 'storageKey' | 'thumbnailKey'>) => [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])];
  const discard = (stored: StoredUpload) => discardObjects([stored.key, ...(stored.thumbnailKey ? [stored.thumbnailKey] : [])]);
  const thumbnails = createThumbnailMaker({ store, limits: deps.thumbnails, log });
  const receiver = createUploadReceiver({ store, access: deps.access, maxBytes: deps.maxBytes, thumbnails, discard });

  /** A file's objects: the original, its thumbnail and the pages of a PDF rendered so far. */
  async function objectsOf(row: Pick<FileRow, 'storageKey' | 'thumbnailKey' | 'pageCount'>): Promise<string[]> {
    const pages = row.pageCount === null ? [] : await deps.previews.cachedPages(row.storageKey);
    return [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : []), ...pages];
  }

  const maxAgeOf = (expires: string) => Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));

  /** A file as listed, without its signed links (the export's listing). */
  function describe(row: FileRow): FileDescription {
    return {
      id: row.id,
      pageCount: row.pageCount,
      previewPending: Number(row.previewPending) === 1,
      name: row.name,
      comment: row.comment,
      documentType: row.documentType,
      contentType: row.contentType,
      size: Number(row.size),
      originalName: row.originalName,
      uploadedBy: row.uploadedBy,
      uploadedByName: row.uploadedByName,
      uploadedAt: row.uploadedAt,
      planId: row.planId ?? row.id,
      version: row.version,
      // PostgreSQL answers a count as text (bigint).
      versionCount: Number(row.versionCount ?? 1),
    };
  }

  /** A file with its links, signed for the viewer: the pages link names them, whose budget its renders draw on. */
  function toProjectFile(row: FileRow, viewer: Pick<AuthUser, 'id'>): ProjectFile {
    return {
      ...describe(row),
      url: links.sign(downloadPath(row.projectId, row.id, 'original')),
      thumbnailUrl: row.thumbnailKey ? links.sign(downloadPath(row.projectId, row.id, 'thumbnail')) : null,
      pagesUrl: row.pageCount === null ? null : links.sign(pagesPath(row.projectId, row.id, viewer.id)),
    };
  }

  /** The stored first page of a PDF, or null when it cannot be rendered or kept. */
  async function renderFirstPage(storageKey: string): Promise<{ thumbnailKey: string; pageCount: number } | null> {
    const made = await deps.previews.firstPage(storageKey);
    if (!made) return null;
    const thumbnailKey = thumbnailKeyOf(storageKey);
    try {
      await store.put(thumbnailKey, Readable.from([made.thumbnail]), 'image/webp');
    } catch (error) {
      log.warn({ err: error, key: storageKey }, 'pdf preview not stored; kept without one');
      return null;
    }
    return { thumbnailKey, pageCount: made.pageCount };
  }

  /**
   * Makes a listed PDF's tile (its first page) and page count, then tells the project's listeners,
   * whose lists read the file again. A file deleted meanwhile leaves nothing behind.
   */
  async function makePreview(row: FileRow): Promise<void> {
    const preview = await renderFirstPage(row.storageKey);
    const listed = await files.finishPreview(row.id, preview);
    if (!listed) {
      if (preview) await discardObjects([preview.thumbnailKey]);
      return;
    }
    deps.announce?.({ projectId: row.projectId, fileId: row.id, planId: row.planId ?? row.id, version: row.version });
  }

  /** Lists the file once its object is complete: row and project activity in one transaction. */
  async function commit(caller: AuthUser, project: CheckedProject, stored: StoredUpload, sent: Record<string, string>): Promise<number> {
    const fields = parseOrRefuse(uploadFieldsSchema, { ...sent, projectId: sent.projectId ?? String(project.id) });
    if (fields.projectId !== project.id) throw badRequest();
    if (fields.documentType !== stored.documentType && fields.documentType.replace('JPEG', 'JPG') !== stored.documentType.replace('JPEG', 'JPG')) {
      throw wrongFileType();
    }
    const uploadedByName = participantName((await data.repos.users.findById(caller.id)) ?? { username: caller.username, firstName: null, lastName: null });
    const now = new Date().toISOString();
    return data.transaction(async (repos) => {
      // Uploads of the project wait for each other here, so two new versions of one plan get the
      // next two numbers (the unique (plan, version) index never has to refuse one). On SQLite
      // the transaction holds the only connection anyway.
      await repos.projects.lock(project.id);
      const file = {
        projectId: project.id,
        storageKey: stored.key,
        thumbnailKey: stored.thumbnailKey,
        pageCount: null,
        previewPending: stored.previewPending ? 1 : 0,
        name: fields.fileName,
        comment: fields.comment,
        originalName: stored.originalName,
        documentType: stored.documentType,
        contentType: stored.contentType,
        size: stored.size,
        uploadedById: caller.id,
        uploadedByName,
        uploadedAt: now,
      };
      const id = fields.replaces === undefined ? await repos.files.insertPlan(file) : await repos.files.insertVersion(await planOf(repos, project, fields.replaces), file);
      await repos.projects.recordChange(project.id, now, newsSeenBy(caller));
      return id;
    });
  }

  /** The plan a file of the project belongs to; a file the caller cannot see there does not exist. */
  async function planOf({ files: rows }: Repositories, project: CheckedProject, fileId: number): Promise<number> {
    const row = await rows.findInProject(project.id, fileId);
    if (!row?.planId) throw notFound();
    return row.planId;
  }


  /**
   * Removes objects no file row refers to: remainders of killed uploads (unfinished multipart
   * uploads in a bucket are aborted), files that waited for a projectId that never came, objects of
   * deletes that failed, and cached pages no longer counted. Those younger than the grace are left
   * alone; another instance may be about to list them. Then evicts the cached pages read longest
   * ago until the rest fit the installation's bound.
   */
  async function sweep(graceMs: number = sweepGraceMs): Promise<number> {
    const cutoff = Date.now() - graceMs;
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      // A cached page is kept while it is counted (its row goes with its file), any other object while a file row names it.
      const isPage = (key: string) => ownerOfPageKey(key) !== undefined;
      const [knownPages, knownFiles] = await Promise.all([
        data.repos.renderedPages.knownKeys(batch.filter(isPage)),
        files.knownKeys(batch.filter((key) => !isPage(key))),
      ]);
      const orphans = batch.filter((key) => !knownPages.has(key) && !knownFiles.has(key));
      await discardObjects(orphans);
      removed += orphans.length;
      batch = [];
    };
    for (const prefix of uploadPrefixes) {
      for await (const object of store.list(prefix)) {
        if (object.lastModified.getTime() > cutoff) continue;
        batch.push(object.key);
        if (batch.length >= 500) await flush();
      }
    }
    await flush();
    await deps.pageCache.evictOverLimit();
    return removed;
  }

  return {
    async list(caller: AuthUser, project: CheckedProject, page: ListPageQuery): Promise<ProjectFile[]> {
      return (await files.listOfProject(project.id, pageWindow(page))).map((row) => toProjectFile(row, caller));
    },

    /**
     * Receives, checks and stores an upload, then lists it; on any refusal nothing stays behind. A
     * PDF is answered before its first page is rendered: the tile follows through the live channel.
     */
    async upload(caller: AuthUser, projectIdInQuery: string | undefined, parts: AsyncIterableIterator<Multipart>): Promise<ProjectFile> {
      const { project, fields, stored } = await receiver.receive(caller, projectIdInQuery, parts);
      let id: number;
      try {
        id = await commit(caller, project, stored, fields);
      } catch (error) {
        await discard(stored);
        throw isForeignKeyViolation(error) ? notFound() : error;
      }
      deps.metrics?.uploadedBytes(stored.size);
      const row = await files.findInProject(project.id, id);
      if (!row) throw notFound();
      deps.announce?.({ projectId: project.id, fileId: row.id, planId: row.planId ?? row.id, version: row.version });
      if (row.previewPending) deps.background.run('pdf preview', () => makePreview(row));
      if (row.version > 1) deps.onPlanChange?.({ projectId: project.id, actorId: caller.id, kind: 'VERSION', fileId: row.id, page: 1, planName: row.name, number: row.version });
      return toProjectFile(row, caller);
    },

    /** Every version of the plan the file belongs to, newest first. */
    async versions(caller: AuthUser, project: CheckedProject, fileId: number | null): Promise<ProjectFile[]> {
      const row = fileId === null ? undefined : await files.findInProject(project.id, fileId);
      if (!row?.planId) throw notFound();
      return (await files.versionsOf(row.planId)).map((version) => toProjectFile(version, caller));
    },

    /** Unlists the plan the file belongs to with all its versions, then removes their objects. */
    async remove(caller: AuthUser, project: CheckedProject, s3Key: string): Promise<void> {
      const fileId = fileIdOfS3Key(s3Key, project.id);
      if (fileId === null) throw notFound();
      const removed = await data.transaction(async (repos) => {
        // In the order uploads take: the project first, then the plan's rows.
        await repos.projects.lock(project.id);
        const planId = await planOf(repos, project, fileId);
        const versions = await repos.files.versionsOf(planId);
        await repos.files.deletePlan(planId);
        await repos.projects.recordChange(project.id, new Date().toISOString(), newsSeenBy(caller));
        return versions;
      });
      // A store that cannot list its cached pages now leaves them to the sweep.
      const objects = await Promise.all(removed.map((row) => objectsOf(row).catch(() => keysOf(row))));
      await discardObjects(objects.flat());
    },

    /** A signed link's bytes: whole, or the range asked for. */
    async download(projectId: number | null, fileId: number | null, variant: FileVariant, query: { expires?: string; signature?: string }, rangeHeader: string | undefined): Promise<FileDownload> {
      if (projectId === null || fileId === null) throw notFound();
      const { expires = '', signature = '' } = query;
      if (!links.verify(downloadPath(projectId, fileId, variant), expires, signature)) throw linkExpired();
      const row = await files.findInProject(projectId, fileId);
      const key = variant === 'thumbnail' ? row?.thumbnailKey : row?.storageKey;
      const info = row && key ? await store.stat(key) : undefined;
      if (!row || !key || !info) throw notFound();
      const range = parseRange(rangeHeader, info.size);
      const body = range.status === 416 ? undefined : await store.get(key, range.status === 206 ? range : undefined);
      if (range.status !== 416 && !body) throw notFound();
      return {
        body: body as Readable,
        contentType: variant === 'thumbnail' ? 'image/webp' : row.contentType,
        originalName: variant === 'thumbnail' ? `${row.originalName}.webp` : row.originalName,
        size: info.size,
        range,
        maxAgeSeconds: maxAgeOf(expires),
      };
    },

    /**
     * A page of a PDF as WebP, at one of the allowed widths: the signature covers the path (with the
     * viewer the link was made for), so page and width are checked here, against the file's pages.
     */
    async page(projectId: number | null, fileId: number | null, viewerId: number | null, query: PageQuery): Promise<PageDownload> {
      if (projectId === null || fileId === null || viewerId === null) throw notFound();
      const { expires = '', signature = '' } = query;
      if (!links.verify(pagesPath(projectId, fileId, viewerId), expires, signature)) throw linkExpired();
      const row = await files.findInProject(projectId, fileId);
      if (!row || row.pageCount === null) throw notFound();
      const width = Number(query.width);
      if (!(pageWidths as readonly number[]).includes(width) || !/^[0-9]+$/.test(query.width ?? '')) throw badRequest(serverMessages.pageWidthInvalid(pageWidths));
      const page = Number(query.page);
      if (!/^[0-9]{1,6}$/.test(query.page ?? '') || page < 1 || page > row.pageCount) throw badRequest(serverMessages.pageNumberInvalid(row.pageCount));
      // Only a page that has to be rendered draws on the viewer's budget.
      const body = await deps.previews.page(row.storageKey, page, width, () => deps.chargeRender({ id: viewerId }));
      return { body, maxAgeSeconds: maxAgeOf(expires) };
    },

    /**
     * The plans (their current files) with the key of their stored preview (WebP of an image or of a
     * PDF's first page; null without one) and all their versions, newest first, for the export.
     */
    async listWithPreviews(project: CheckedProject): Promise<Array<{ file: FileDescription; previewKey: string | null; versions: FileDescription[] }>> {
      const [current, all] = await Promise.all([files.listOfProject(project.id), files.versionsOfProject(project.id)]);
      const byPlan = new Map<number, FileDescription[]>();
      for (const row of all) {
        const planId = row.planId ?? row.id;
        byPlan.set(planId, [...(byPlan.get(planId) ?? []), describe(row)]);
      }
      return current.map((row) => ({
        file: describe(row),
        previewKey: row.thumbnailKey,
        versions: byPlan.get(row.planId ?? row.id) ?? [],
      }));
    },

    /** The objects of a project's files (cached pages included), read before the project (and with it the rows) is deleted. */
    async objectsOfProject(projectId: number): Promise<string[]> {
      const keys: string[] = [];
      for (const row of await files.objectsOfProject(projectId)) keys.push(...(await objectsOf(row)));
      return keys;
    },

    discardObjects,

    /**
     * At start: on disk (one instance only) every remainder is a dead process's and goes at once;
     * in a bucket other instances may be uploading, so their hour of grace applies.
     */
    sweepAtStart: () => sweep(store.kind === 'disk' ? 0 : sweepGraceMs),

    sweep,

    /** At start: the PDFs whose preview a stopped server left unmade, one after another. */
    async resumePreviews(): Promise<void> {
      for (const row of await files.pendingPreviews()) await makePreview(row);
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
