import type { Readable } from 'node:stream';
import { pageWidths, pageWindow, serverMessages, type ListPageQuery, type ItemPhoto, type ProjectFile, type QuestionPhoto, type QuestionnaireStep } from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DataLayer } from '../../platform/db/repositories';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { ObjectStore } from '../../platform/storage/object-store';
import type { SignedLinks } from '../../platform/storage/signed-links';
import { pageKeyOf, type PdfPreviews } from './previews/pdf-previews';
import { parseRange, type RangeAnswer } from './ranges';

/** The width a page is rendered at for the items report's crops: sharp enough for a crop around an item. */
const reportPageWidth = 960;
import type { FileRow } from './repository';

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

/** A file as the export lists it: a project file without its signed links. */
export type FileDescription = Omit<ProjectFile, 'url' | 'thumbnailUrl' | 'pagesUrl'>;

const linkExpired = () => new AppError('LINK_EXPIRED', serverMessages.linkExpired);

const maxAgeOf = (expires: string) => Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));

export const downloadPath = (projectId: number, fileId: number, variant: FileVariant) =>
  `/api/s3/download/${projectId}/${fileId}${variant === 'original' ? '' : `/${variant}`}`;

/** A PDF's pages, for one viewer: the pages they have rendered count against their budget. */
export const pagesPath = (projectId: number, fileId: number, viewerId: number) => `${downloadPath(projectId, fileId, 'pages')}/${viewerId}`;

/** A file as listed, without its signed links (the export's listing). */
export function describeFile(row: FileRow): FileDescription {
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
export function projectFileOf(row: FileRow, viewer: Pick<AuthUser, 'id'>, links: SignedLinks): ProjectFile {
  return {
    ...describeFile(row),
    url: links.sign(downloadPath(row.projectId, row.id, 'original')),
    thumbnailUrl: row.thumbnailKey ? links.sign(downloadPath(row.projectId, row.id, 'thumbnail')) : null,
    pagesUrl: row.pageCount === null ? null : links.sign(pagesPath(row.projectId, row.id, viewer.id)),
  };
}

export interface FileDownloadDeps {
  data: DataLayer;
  store: ObjectStore;
  links: SignedLinks;
  previews: Pick<PdfPreviews, 'page'>;
  /** Counts a page render against the viewer's budget; throws 429 when it is used up. */
  chargeRender(viewer: Pick<AuthUser, 'id'>): Promise<void>;
}

/** What is read of a project's files: the lists, a signed link's bytes and a PDF's pages. */
export function createFileDownloads(deps: FileDownloadDeps) {
  const { store, links } = deps;
  const { files } = deps.data.repos;

  return {
    async list(caller: AuthUser, project: CheckedProject, page: ListPageQuery): Promise<ProjectFile[]> {
      return (await files.listOfProject(project.id, pageWindow(page))).map((row) => projectFileOf(row, caller, links));
    },

    /** The project's photos to questions of the questionnaire, by question, oldest first. */
    async questionPhotos(caller: AuthUser, project: CheckedProject): Promise<QuestionPhoto[]> {
      const rows = await deps.data.repos.questionPhotos.listOfProject(project.id);
      return rows.map((row) => ({ step: row.step as QuestionnaireStep, question: row.questionKey, file: projectFileOf(row, caller, links) }));
    },

    /** The photos of the project's items with their items and plans ('Fotos'). */
    async itemPhotos(caller: AuthUser, project: CheckedProject): Promise<ItemPhoto[]> {
      const rows = await deps.data.repos.itemPhotos.listOfProject(project.id);
      return rows.map((row) => ({
        file: projectFileOf(row, caller, links),
        pinId: row.pinId,
        pinNumber: row.pinNumber,
        replyId: row.replyId,
        fileId: row.planFileId,
        planId: row.planPlanId ?? row.planFileId,
        planName: row.planName,
        page: row.pinPage,
      }));
    },

    /** Every version of the plan the file belongs to, newest first. */
    async versions(caller: AuthUser, project: CheckedProject, fileId: number | null): Promise<ProjectFile[]> {
      const row = fileId === null ? undefined : await files.findInProject(project.id, fileId);
      if (!row?.planId) throw notFound();
      return (await files.versionsOf(row.planId)).map((version) => projectFileOf(version, caller, links));
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
     * The store key of a PDF page's WebP for the items report's crops, rendered first when it is not
     * kept yet; null when it cannot be rendered now (the file's or the server's render line is full,
     * the PDF cannot be rendered): the item is then listed without its crop.
     */
    async renderedPageKey(storageKey: string, page: number): Promise<string | null> {
      try {
        // The report's own request is bounded by the number of pages it asks for (open-items-report.ts), not by a viewer's budget.
        const body = await deps.previews.page(storageKey, page, reportPageWidth, () => Promise.resolve());
        body.destroy();
        return pageKeyOf(storageKey, page, reportPageWidth);
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    },

    /** The photos to questions as the export lists them, with the store keys of their previews. */
    async questionPhotosWithPreviews(project: CheckedProject): Promise<Array<{ step: QuestionnaireStep; question: string; file: FileDescription; previewKey: string | null }>> {
      const rows = await deps.data.repos.questionPhotos.listOfProject(project.id);
      return rows.map((row) => ({ step: row.step as QuestionnaireStep, question: row.questionKey, file: describeFile(row), previewKey: row.thumbnailKey }));
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
        byPlan.set(planId, [...(byPlan.get(planId) ?? []), describeFile(row)]);
      }
      return current.map((row) => ({
        file: describeFile(row),
        previewKey: row.thumbnailKey,
        versions: byPlan.get(row.planId ?? row.id) ?? [],
      }));
    },
  };
}
