import type { DocumentType } from '@bauakte/domain/labels';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { apiBase, apiErrorOf, NetworkError, reportUnauthorized, storedToken } from '../../lib/api';

export interface UploadRequest {
  projectId: string;
  /** The title the user gave the file. */
  fileName: string;
  comment: string;
  /** From the file's extension, in its own spelling (JPG or JPEG). */
  documentType: DocumentType;
  file: File;
  /** A new version of a plan: the id of the plan's current file. */
  replaces?: number;
  /** A photo to a question of the questionnaire (its key): kept with the question, not among the plans. */
  question?: string;
}

export interface UploadOptions {
  /** Share of the file sent so far, 0–1; null while the browser cannot tell. */
  onProgress?(share: number | null): void;
  /** Aborting cancels the transfer; the promise then rejects with UploadCancelledError. */
  signal?: AbortSignal;
}

/** The user cancelled the upload: not a failure to report. */
export class UploadCancelledError extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/**
 * The multipart body with the fields first and the file last: the server takes any order, but with
 * projectId known first it decides access before it reads a byte of the file.
 */
export function uploadBody(request: UploadRequest): FormData {
  const body = new FormData();
  body.append('projectId', request.projectId);
  body.append('fileName', request.fileName);
  body.append('comment', request.comment);
  body.append('documentType', request.documentType);
  if (request.replaces !== undefined) body.append('replaces', String(request.replaces));
  if (request.question !== undefined) body.append('question', request.question);
  body.append('file', request.file, request.file.name);
  return body;
}

function parseFile(text: string): ProjectFile {
  return JSON.parse(text) as ProjectFile;
}

/**
 * POST /api/s3/upload with the stored Bearer token. XMLHttpRequest rather than fetch: only it
 * reports how much of the body has been sent. Errors are the ApiError and NetworkError of apiRequest.
 */
export function uploadProjectFile(request: UploadRequest, options: UploadOptions = {}): Promise<ProjectFile> {
  const { onProgress, signal } = options;
  return new Promise<ProjectFile>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const token = storedToken();
    const cancel = () => xhr.abort();
    const finish = () => signal?.removeEventListener('abort', cancel);

    xhr.open('POST', `${apiBase}/s3/upload?projectId=${encodeURIComponent(request.projectId)}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onProgress?.(event.lengthComputable && event.total > 0 ? event.loaded / event.total : null);
    xhr.onload = () => {
      finish();
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parseFile(xhr.responseText));
        return;
      }
      const error = apiErrorOf(xhr.status, xhr.responseText, xhr.getResponseHeader('retry-after'));
      reportUnauthorized(xhr.status, Boolean(token), error.code);
      reject(error);
    };
    xhr.onerror = () => {
      finish();
      reject(new NetworkError(new Error('no answer to the upload')));
    };
    xhr.onabort = () => {
      finish();
      reject(new UploadCancelledError());
    };
    signal?.addEventListener('abort', cancel, { once: true });
    xhr.send(uploadBody(request));
  });
}
