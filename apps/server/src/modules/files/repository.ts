import type { Insertable } from 'kysely';
import type { Db, PageWindow } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';
import type { ProjectFilesTable } from '../../platform/db/schema';

/** A file with the username of whoever uploaded it. */
const filesOf = (db: Db) =>
  db
    .selectFrom('projectFiles')
    .leftJoin('users', 'users.id', 'projectFiles.uploadedById')
    .select([
      'projectFiles.id',
      'projectFiles.projectId',
      'projectFiles.storageKey',
      'projectFiles.thumbnailKey',
      'projectFiles.pageCount',
      'projectFiles.name',
      'projectFiles.comment',
      'projectFiles.originalName',
      'projectFiles.documentType',
      'projectFiles.contentType',
      'projectFiles.size',
      'projectFiles.uploadedByName',
      'projectFiles.uploadedAt',
      'users.username as uploadedBy',
    ]);

const newestFirst = <Q extends ReturnType<typeof filesOf>>(query: Q) => query.orderBy('projectFiles.uploadedAt', 'desc').orderBy('projectFiles.id', 'desc');

/** A page of a project's files: every opening of a project asks it, so it is built once. */
const filesPageQuery = preparedQuery((db: Db, projectId: number, limit: number, offset: number) =>
  newestFirst(filesOf(db).where('projectFiles.projectId', '=', projectId)).limit(limit).offset(offset),
);

export function createFileRepository(db: Db) {
  const files = () => filesOf(db);

  return {
    insert: async (file: Insertable<ProjectFilesTable>): Promise<number> =>
      (await db.insertInto('projectFiles').values(file).returning('id').executeTakeFirstOrThrow()).id,

    /** A project's files, newest first: a page of them, or all (the export). */
    listOfProject: (projectId: number, window?: PageWindow) =>
      window === undefined
        ? newestFirst(files().where('projectFiles.projectId', '=', projectId)).execute()
        : filesPageQuery.execute(db, projectId, window.limit, window.offset),

    findInProject: (projectId: number, fileId: number) =>
      files().where('projectFiles.projectId', '=', projectId).where('projectFiles.id', '=', fileId).executeTakeFirst(),

    delete: (fileId: number) => db.deleteFrom('projectFiles').where('id', '=', fileId).execute(),

    /** Where a project's files keep their objects (originals, thumbnails, a PDF's rendered pages). */
    objectsOfProject: (projectId: number) =>
      db.selectFrom('projectFiles').select(['storageKey', 'thumbnailKey', 'pageCount']).where('projectId', '=', projectId).execute(),

    /** Whether any file row refers to these objects (the sweep keeps those). */
    knownKeys: async (keys: string[]): Promise<Set<string>> => {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('projectFiles')
        .select(['storageKey', 'thumbnailKey'])
        .where((eb) => eb.or([eb('storageKey', 'in', keys), eb('thumbnailKey', 'in', keys)]))
        .execute();
      return new Set(rows.flatMap((row) => [row.storageKey, row.thumbnailKey ?? '']));
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
export type FileRow = Awaited<ReturnType<FileRepository['listOfProject']>>[number];

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly files: FileRepository;
  }
}
