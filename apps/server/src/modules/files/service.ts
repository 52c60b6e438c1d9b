import { createFileCommits, type FileCommitDeps } from './file-commits';
import { createFileDownloads, type FileDownloadDeps } from './file-downloads';
import { createFileObjects } from './file-objects';
import { createFileSweep, type FileSweepDeps } from './file-sweep';
import type { PdfPreviews } from './previews/pdf-previews';

/** How the export lists a file. */
export type { FileDescription } from './file-downloads';

/** What its parts need; the file objects they share are made here. */
export type FileServiceDeps = Omit<FileCommitDeps, 'objects' | 'previews'> & FileDownloadDeps & Omit<FileSweepDeps, 'objects'> & { previews: PdfPreviews };

/**
 * A project's files, as the routes, projects and export use them: the upload and its commit, a
 * plan's removal and the PDF previews that follow (file-commits.ts); the lists, signed downloads
 * and a PDF's pages (file-downloads.ts); the store's sweep (file-sweep.ts).
 */
export function createFileService(deps: FileServiceDeps) {
  const objects = createFileObjects(deps);
  const { upload, remove, removeQuestionPhoto, resumePreviews } = createFileCommits({ ...deps, objects });
  const { list, questionPhotos, itemPhotos, versions, download, page, renderedPageKey, listWithPreviews, questionPhotosWithPreviews } = createFileDownloads(deps);
  const { sweep, sweepAtStart } = createFileSweep({ ...deps, objects });
  const { objectsOfProject, discardObjects } = objects;
  return { list, questionPhotos, itemPhotos, upload, removeQuestionPhoto, versions, remove, download, page, renderedPageKey, listWithPreviews, questionPhotosWithPreviews, objectsOfProject, discardObjects, sweepAtStart, sweep, resumePreviews };
}

export type FileService = ReturnType<typeof createFileService>;
