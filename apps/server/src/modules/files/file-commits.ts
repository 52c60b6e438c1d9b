import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { pathId, questionCatalogue, questionPhotoLimit, serverMessages, uploadFieldsSchema, type ProjectFile, type UploadFields } from '@bauakte/domain';
import { newsSeenBy, type AccessPolicy, type CheckedProject, type CheckedQuestionPhoto } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { BackgroundTasks } from '../../platform/background';
import { isForeignKeyViolation } from '../../platform/db/errors';
import type { DataLayer, Repositories } from '../../platform/db/repositories';
import { badRequest, fieldError, notFound } from '../../platform/errors';
import { parseOrRefuse } from '../../platform/http/request-body';
import type { UploadMetrics } from '../../platform/metrics/metrics';
import type { ObjectStore } from '../../platform/storage/object-store';
import type { SignedLinks } from '../../platform/storage/signed-links';
import type { PlanChange } from '../notifications/plan-notices';
import { projectFileOf } from './file-downloads';
import type { FileObjects } from './file-objects';
import { wrongFileType } from './format-check';
import type { PdfPreviews } from './previews/pdf-previews';
import type { FileRow } from './repository';
import { createThumbnailMaker, type ThumbnailLimits } from './thumbnails';
import { createUploadReceiver, thumbnailKeyOf, type StoredUpload } from './upload';
import { callerName } from '../../platform/auth/caller-name';

/** What the live channel announces of a new file: which one, of which plan, which version. */
export interface FileEvent {
  projectId: number;
  fileId: number;
  planId: number;
  version: number;
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

/** The plan a file of the project belongs to; a file the caller cannot see there does not exist. */
async function planOf({ files }: Repositories, project: CheckedProject, fileId: number): Promise<number> {
  const row = await files.findInProject(project.id, fileId);
  if (!row?.planId) throw notFound();
  return row.planId;
}

/** A photo to a question is an image of its own, never a version of a plan, and one of a few per question. */
function refuseQuestionPhoto(fields: UploadFields, stored: StoredUpload): void {
  if (fields.question === undefined) return;
  if (fields.replaces !== undefined) throw fieldError('VALIDATION_FAILED', 'replaces', serverMessages.questionPhotoNoVersions);
  if (stored.format === 'pdf') throw fieldError('VALIDATION_FAILED', 'file', serverMessages.questionPhotoNotImage);
}

/** Links a photo to its question, inside the upload's transaction (the project's lock keeps the count honest). */
async function linkToQuestion(repos: Repositories, projectId: number, fileId: number, question: UploadFields['question'], now: string): Promise<void> {
  if (question === undefined) return;
  const key = question as keyof typeof questionCatalogue;
  if ((await repos.questionPhotos.countOf(projectId, key)) >= questionPhotoLimit) {
    throw fieldError('VALIDATION_FAILED', 'file', serverMessages.questionPhotoLimit(questionPhotoLimit));
  }
  await repos.questionPhotos.insert({ projectId, fileId, step: questionCatalogue[key].step, questionKey: key, createdAt: now });
}

/** A version is uploaded to a plan only: a photo to a question offers none ('Neue Version hochladen' is the plans'). */
async function refuseVersionOfPhoto(repos: Repositories, fileId: number | undefined): Promise<void> {
  if (fileId !== undefined && (await repos.questionPhotos.isQuestionPhoto(fileId))) {
    throw fieldError('VALIDATION_FAILED', 'replaces', serverMessages.questionPhotoNoVersions);
  }
}

/** The upload's fields, checked against the project it was sent to and the file that came. */
function uploadFieldsOf(project: CheckedProject, stored: StoredUpload, sent: Record<string, string>) {
  const fields = parseOrRefuse(uploadFieldsSchema, { ...sent, projectId: sent.projectId ?? String(project.id) });
  if (fields.projectId !== project.id) throw badRequest();
  if (fields.documentType !== stored.documentType && fields.documentType.replace('JPEG', 'JPG') !== stored.documentType.replace('JPEG', 'JPG')) {
    throw wrongFileType();
  }
  return fields;
}

export interface FileCommitDeps {
  data: DataLayer;
  store: ObjectStore;
  links: SignedLinks;
  access: AccessPolicy;
  maxBytes: number;
  thumbnails: ThumbnailLimits;
  previews: Pick<PdfPreviews, 'firstPage'>;
  objects: FileObjects;
  log: FastifyBaseLogger;
  /** Where a PDF's first page is rendered after its upload has been answered. */
  background: BackgroundTasks;
  metrics?: UploadMetrics;
  /** Told after the commit of every new version of a plan (from version 2): the other side's mail. */
  onPlanChange?: (change: PlanChange) => void;
  /** Told after the commit of every listed upload, a new plan or a new version: the live channel's event (ids only). */
  announce?: (event: FileEvent) => void;
}

/**
 * What changes a project's files: an upload received and listed (a new plan or a new version of
 * one), a PDF's first page made after its upload was answered, a plan removed with its versions.
 * Every change is the project's activity (news to its architects) and told to the live channel.
 */
export function createFileCommits(deps: FileCommitDeps) {
  const { data, store, log, objects } = deps;
  const { files } = data.repos;
  const thumbnails = createThumbnailMaker({ store, limits: deps.thumbnails, log });
  const receiver = createUploadReceiver({ store, access: deps.access, maxBytes: deps.maxBytes, thumbnails, discard: objects.discardUpload });
  const announce = (row: FileRow) => deps.announce?.({ projectId: row.projectId, fileId: row.id, planId: row.planId ?? row.id, version: row.version });

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
      if (preview) await objects.discardObjects([preview.thumbnailKey]);
      return;
    }
    announce(row);
  }

  /** Lists the file once its object is complete: row and project activity in one transaction. */
  async function commit(caller: AuthUser, project: CheckedProject, stored: StoredUpload, sent: Record<string, string>): Promise<number> {
    const fields = uploadFieldsOf(project, stored, sent);
    refuseQuestionPhoto(fields, stored);
    const uploadedByName = await callerName(data.repos.users, caller);
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
      await refuseVersionOfPhoto(repos, fields.replaces);
      const id = fields.replaces === undefined ? await repos.files.insertPlan(file) : await repos.files.insertVersion(await planOf(repos, project, fields.replaces), file);
      await linkToQuestion(repos, project.id, id, fields.question, now);
      await repos.projects.recordChange(project.id, now, newsSeenBy(caller));
      return id;
    });
  }

  return {
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
        await objects.discardUpload(stored);
        throw isForeignKeyViolation(error) ? notFound() : error;
      }
      deps.metrics?.uploadedBytes(stored.size);
      const row = await files.findInProject(project.id, id);
      if (!row) throw notFound();
      announce(row);
      if (row.previewPending) deps.background.run('pdf preview', () => makePreview(row));
      if (row.version > 1) deps.onPlanChange?.({ projectId: project.id, actorId: caller.id, kind: 'VERSION', fileId: row.id, page: 1, planName: row.name, number: row.version });
      return projectFileOf(row, caller, deps.links);
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
        // The photos of the items that lay on the plan go with them (unless an item elsewhere holds them too).
        const photos = await repos.itemPhotos.removeOrphans(project.id);
        await repos.projects.recordChange(project.id, new Date().toISOString(), newsSeenBy(caller));
        return [...versions, ...photos];
      });
      // A store that cannot list its cached pages now leaves them to the sweep.
      const keys = await Promise.all(removed.map((row) => objects.objectsOf(row).catch(() => objects.keysOf(row))));
      await objects.discardObjects(keys.flat());
    },

    /** Removes a photo from its question: its file, its link (which goes with the file) and its objects. */
    async removeQuestionPhoto(caller: AuthUser, photo: CheckedQuestionPhoto<'remove'>): Promise<void> {
      const removed = await data.transaction(async (repos) => {
        await repos.projects.lock(photo.projectId);
        const row = await repos.files.findInProject(photo.projectId, photo.id);
        if (!row?.planId) throw notFound();
        await repos.files.deletePlan(row.planId);
        await repos.projects.recordChange(photo.projectId, new Date().toISOString(), newsSeenBy(caller));
        return row;
      });
      await objects.discardObjects(objects.keysOf(removed));
      announce(removed);
    },

    /** At start: the PDFs whose preview a stopped server left unmade, one after another. */
    async resumePreviews(): Promise<void> {
      for (const row of await files.pendingPreviews()) await makePreview(row);
    },
  };
}
