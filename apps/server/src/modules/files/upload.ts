import { randomUUID } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  contentTypeOfFormat, documentTypeOfFileName, fileMessages, fileTooLargeMessage, formatOfDocumentType, pathIdSchema, serverMessages,
  uploadFieldsSchema, type DocumentType, type FileFormat,
} from '@bauakte/domain';
import type { AccessPolicy, CheckedProject } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError, badRequest, fieldError } from '../../platform/errors';
import type { ObjectStore } from '../../platform/storage/object-store';
import { FormatCheck, wrongFileType } from './format-check';
import { makeThumbnail } from './thumbnails';

/** An object written completely to the store, not yet listed (its row is committed afterwards). */
export interface StoredUpload {
  key: string;
  thumbnailKey: string | null;
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

const extensionRefused = () => new AppError(400, 'INVALID_FILE_EXTENSION', fileMessages.badExtension, [{ path: 'body/file', message: fileMessages.badExtension }]);

/**
 * Reads a multipart upload part by part, in the order sent: access is decided from the projectId
 * (query or the field before the file) before a byte of the file is read, the file streams through
 * a format check into the store, and nothing of a refused upload stays behind.
 */
export function createUploadReceiver(deps: { store: ObjectStore; access: AccessPolicy; maxBytes: number; discard(stored: StoredUpload): Promise<void> }) {
  const { store, access } = deps;

  async function projectNamed(caller: AuthUser, value: string): Promise<CheckedProject> {
    return access.project(caller, pathIdSchema.parse(value), 'read');
  }

  /** Refuses before storing what the fields sent so far already show to be wrong. */
  function checkFieldsBeforeFile(fields: Record<string, string>, format: FileFormat): void {
    if (fields.fileName !== undefined) {
      const title = uploadFieldsSchema.shape.fileName.safeParse(fields.fileName);
      if (!title.success) throw fieldError('VALIDATION_FAILED', 'fileName', title.error.issues[0]?.message ?? fileMessages.incomplete);
    }
    const declared = fields.documentType?.toUpperCase() as DocumentType | undefined;
    if (declared !== undefined && formatOfDocumentType[declared] !== format) throw wrongFileType();
  }

  async function storeFile(project: CheckedProject, part: MultipartFile, fields: Record<string, string>): Promise<StoredUpload> {
    const documentType = documentTypeOfFileName(part.filename);
    if (!documentType) throw extensionRefused();
    const format = formatOfDocumentType[documentType];
    checkFieldsBeforeFile(fields, format);
    const key = `projects/${project.id}/${randomUUID()}`;
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
    const stored: StoredUpload = { key, thumbnailKey: null, size, format, documentType, contentType, originalName: part.filename };
    if (format === 'pdf') return stored;
    try {
      const thumbnailKey = `${key}.thumbnail.webp`;
      await store.put(thumbnailKey, Readable.from([await makeThumbnail(store, key)]), 'image/webp');
      return { ...stored, thumbnailKey };
    } catch (error) {
      await deps.discard(stored);
      throw error;
    }
  }

  return {
    async receive(caller: AuthUser, projectIdInQuery: string | undefined, parts: AsyncIterableIterator<Multipart>): Promise<ReceivedUpload> {
      let project = projectIdInQuery === undefined ? undefined : await projectNamed(caller, projectIdInQuery);
      const fields: Record<string, string> = {};
      let stored: StoredUpload | undefined;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            if (part.fieldname === 'projectId') project ??= await projectNamed(caller, String(part.value));
            continue;
          }
          if (!project) throw badRequest(serverMessages.projectIdBeforeFile);
          if (part.fieldname !== 'file' || stored) throw badRequest(fileMessages.incomplete);
          stored = await storeFile(project, part, fields);
        }
      } catch (error) {
        if (stored) await deps.discard(stored);
        throw error;
      }
      if (!project || !stored) throw fieldError('VALIDATION_FAILED', 'file', fileMessages.noFile);
      return { project, fields, stored };
    },
  };
}

export const tooLarge = (maxBytes: number) => new AppError(413, 'PAYLOAD_TOO_LARGE', fileTooLargeMessage(maxBytes));

export type UploadReceiver = ReturnType<typeof createUploadReceiver>;
