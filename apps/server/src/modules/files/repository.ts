import type { Insertable } from 'kysely';
import type { Db, PageWindow } from '../../platform/db/database';
import type { ProjectFilesTable } from '../../platform/db/schema';

export function createFileRepository(db: Db) {
  const files = () =>
    db
      .selectFrom('projectFiles')
      .leftJoin('users', 'users.id', 'projectFiles.uploadedById')
      .select([
        'projectFiles.id',
        'projectFiles.projectId',
        'projectFiles.storageKey',
        'projectFiles.thumbnailKey',
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

  return {
    insert: async (file: Insertable<ProjectFilesTable>): Promise<number> =>
      (await db.insertInto('projectFiles').values(file).returning('id').executeTakeFirstOrThrow()).id,

    /** A project's files, newest first: a page of them, or all (the export). */
    listOfProject: (projectId: number, window?: PageWindow) =>
      files()
        .where('projectFiles.projectId', '=', projectId)
        .orderBy('projectFiles.uploadedAt', 'desc')
        .orderBy('projectFiles.id', 'desc')
        .$if(window !== undefined, (query) => query.limit(window!.limit).offset(window!.offset))
        .execute(),

    findInProject: (projectId: number, fileId: number) =>
      files().where('projectFiles.projectId', '=', projectId).where('projectFiles.id', '=', fileId).executeTakeFirst(),

    delete: (fileId: number) => db.deleteFrom('projectFiles').where('id', '=', fileId).execute(),

    /** The objects of a project's files (originals and thumbnails). */
    keysOfProject: async (projectId: number): Promise<string[]> => {
      const rows = await db.selectFrom('projectFiles').select(['storageKey', 'thumbnailKey']).where('projectId', '=', projectId).execute();
      return rows.flatMap((row) => [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])]);
    },

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
