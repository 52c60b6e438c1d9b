import { randomUUID } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  contentTypeOfFormat, documentTypeOfFileName, fileMessages, fileTooLargeMessage, formatOfDocumentType, originalFileNameSchema, pathIdSchema,
  uploadFieldsSchema, type DocumentType, type FileFormat,
} from '@bauakte/domain';
import type { AccessPolicy, CheckedProject } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError, badRequest, fieldError } from '../../platform/errors';
import { incomingPrefix, type ObjectStore } from '../../platform/storage/object-store';
import { FormatCheck, wrongFileType } from './format-check';
import type { ThumbnailMaker } from './thumbnails';

/** An object written completely to the store, not yet listed (its row is committed afterwards). */
export interface StoredUpload {
  key: string;
  thumbnailKey: string | null;
  /** A PDF: its first page and page count are made after the upload is listed. */
  previewPending: boolean;
  size: number;
  format: FileFormat;
  documentType: DocumentType;
  contentType: string;
  originalName: string;
}

export interface ReceivedUpload {
  project: CheckedProject;
  /** The text fields as sent (projectId, fileName, comment, documentType), validated by the caller. */
  fields: Record<string, string>;
  stored: StoredUpload;
}

/** Where a file's preview (an image's thumbnail, a PDF's first page) is kept: beside it. */
export const thumbnailKeyOf = (key: string) => `${key}.thumbnail.webp`;

const extensionRefused = () => fieldError('INVALID_FILE_EXTENSION', 'file', fileMessages.badExtension);

/** The name the file had on the uploader's computer, by the rules of every stored text. */
function originalNameOf(part: MultipartFile): string {
  const name = originalFileNameSchema.safeParse(part.filename);
  if (!name.success) throw fieldError('VALIDATION_FAILED', 'file', name.error.issues[0]?.message ?? fileMessages.noFile);
  return name.data;
}

/**
 * Reads a multipart upload part by part, its fields and the file in any order. With the project
 * known first (the query or a projectId field before the file), access is decided before a byte of
 * the file is read and the file streams straight to its key; a file sent first streams to a key
 * below 'incoming/' and moves to its project's once projectId has come and access is granted.
 * Either way the bytes pass a format check on their way, memory holds no more than a chunk, and
 * nothing of a refused, failed or cut upload stays behind.
 */
export function createUploadReceiver(deps: {
  store: ObjectStore;
  access: AccessPolicy;
  maxBytes: number;
  thumbnails: ThumbnailMaker;
  discard(stored: StoredUpload): Promise<void>;
}) {
  const { store, access } = deps;

  async function projectNamed(caller: AuthUser, value: string): Promise<CheckedProject> {
    return access.project(caller, pathIdSchema.parse(value), 'read');
  }

  /** Refuses what the fields sent so far show to be wrong: before the file is stored, and once all have come. */
  function checkFields(fields: Record<string, string>, format: FileFormat): void {
    if (fields.fileName !== undefined) {
      const title = uploadFieldsSchema.shape.fileName.safeParse(fields.fileName);
      if (!title.success) throw fieldError('VALIDATION_FAILED', 'fileName', title.error.issues[0]?.message ?? fileMessages.incomplete);
    }
    if (fields.replaces !== undefined) {
      const replaces = uploadFieldsSchema.shape.replaces.safeParse(fields.replaces);
      if (!replaces.success) throw fieldError('VALIDATION_FAILED', 'replaces', replaces.error.issues[0]?.message ?? fileMessages.incomplete);
    }
    const declared = fields.documentType?.toUpperCase() as DocumentType | undefined;
    if (declared !== undefined && formatOfDocumentType[declared] !== format) throw wrongFileType();
  }

  const projectKey = (projectId: number, name: string) => `projects/${projectId}/${name}`;

  /** Streams the file through the format check to its project's key, or to a waiting key while the project is unknown. */
  async function storeFile(project: CheckedProject | undefined, part: MultipartFile, fields: Record<string, string>): Promise<StoredUpload> {
    const originalName = originalNameOf(part);
    const documentType = documentTypeOfFileName(originalName);
    if (!documentType) throw extensionRefused();
    const format = formatOfDocumentType[documentType];
    checkFields(fields, format);
    const name = randomUUID();
    const key = project ? projectKey(project.id, name) : `${incomingPrefix}${name}`;
    const contentType = contentTypeOfFormat[format];
    // pipeline hands an error of either stream (too large, wrong format) to the store, which stops.
    const checked = pipeline(part.file, new FormatCheck(format), () => undefined);
    let size: number;
    try {
      size = await store.put(key, checked, contentType);
      if (part.file.truncated) throw tooLarge(deps.maxBytes);
    } catch (error) {
      await store.delete(key).catch(() => undefined);
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(deps.maxBytes) : error;
    }
    return { key, thumbnailKey: null, previewPending: false, size, format, documentType, contentType, originalName };
  }

  /** Moves a waiting file to its project's key. */
  async function placeInProject(stored: StoredUpload, project: CheckedProject): Promise<StoredUpload> {
    if (!stored.key.startsWith(incomingPrefix)) return stored;
    const key = projectKey(project.id, stored.key.slice(incomingPrefix.length));
    await store.move(stored.key, key);
    return { ...stored, key };
  }

  /**
   * An image's thumbnail; only made once access is granted, since decoding costs the server. An
   * image too large to decode is kept without one. A PDF's first page waits until the upload is
   * listed: rendering it may take seconds, which the uploader does not wait for.
   */
  async function withThumbnail(stored: StoredUpload): Promise<StoredUpload> {
    if (stored.format === 'pdf') return { ...stored, previewPending: true };
    const thumbnail = await deps.thumbnails.make(stored.key, stored.format);
    if (!thumbnail) return stored;
    const thumbnailKey = thumbnailKeyOf(stored.key);
    await store.put(thumbnailKey, Readable.from([thumbnail]), 'image/webp');
    return { ...stored, thumbnailKey };
  }

  return {
    async receive(caller: AuthUser, projectIdInQuery: string | undefined, parts: AsyncIterableIterator<Multipart>): Promise<ReceivedUpload> {
      let project = projectIdInQuery === undefined ? undefined : await projectNamed(caller, projectIdInQuery);
      const fields: Record<string, string> = {};
      // What the store holds of this upload so far: whatever happens next, it goes unless listed.
      let stored: StoredUpload | undefined;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            if (part.fieldname === 'projectId') project ??= await projectNamed(caller, String(part.value));
            continue;
          }
          if (part.fieldname !== 'file' || stored) throw badRequest(fileMessages.incomplete);
          stored = await storeFile(project, part, fields);
        }
        if (!stored) throw fieldError('VALIDATION_FAILED', 'file', fileMessages.noFile);
        if (!project) throw fieldError('VALIDATION_FAILED', 'projectId', fileMessages.incomplete);
        checkFields(fields, stored.format);
        stored = await placeInProject(stored, project);
        stored = await withThumbnail(stored);
        return { project, fields, stored };
      } catch (error) {
        if (stored) await deps.discard(stored);
        throw error;
      }
    },
  };
}

export const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(maxBytes));

export type UploadReceiver = ReturnType<typeof createUploadReceiver>;
