import type { Insertable } from 'kysely';
import { isPostgresDb, type Db, type PageWindow } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';
import type { ProjectFilesTable } from '../../platform/db/schema';

/** A file with the username of whoever uploaded it and how many versions its plan has. */
const filesOf = (db: Db) =>
  db
    .selectFrom('projectFiles')
    .leftJoin('users', 'users.id', 'projectFiles.uploadedById')
    .select((eb) => [
      eb
        .selectFrom('projectFiles as sibling')
        .select(eb.fn.countAll<number | string>().as('count'))
        .whereRef('sibling.planId', '=', 'projectFiles.planId')
        .as('versionCount'),
    ])
    .select([
      'projectFiles.id',
      'projectFiles.projectId',
      'projectFiles.storageKey',
      'projectFiles.thumbnailKey',
      'projectFiles.pageCount',
      'projectFiles.previewPending',
      'projectFiles.name',
      'projectFiles.comment',
      'projectFiles.originalName',
      'projectFiles.documentType',
      'projectFiles.contentType',
      'projectFiles.size',
      'projectFiles.uploadedByName',
      'projectFiles.uploadedAt',
      'projectFiles.planId',
      'projectFiles.version',
      'users.username as uploadedBy',
    ]);

/** Only each plan's current file: no newer version of its plan exists (along the (plan, version) index). */
const currentOnly = <Q extends ReturnType<typeof filesOf>>(query: Q) =>
  query.where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('projectFiles as newer')
          .select('newer.id')
          .whereRef('newer.planId', '=', 'projectFiles.planId')
          .whereRef('newer.version', '>', 'projectFiles.version'),
      ),
    ),
  );

const newestFirst = <Q extends ReturnType<typeof filesOf>>(query: Q) => query.orderBy('projectFiles.uploadedAt', 'desc').orderBy('projectFiles.id', 'desc');

/** A page of a project's plans (their current files): every opening of a project asks it, so it is built once. */
const filesPageQuery = preparedQuery((db: Db, projectId: number, limit: number, offset: number) =>
  newestFirst(currentOnly(filesOf(db).where('projectFiles.projectId', '=', projectId))).limit(limit).offset(offset),
);

export function createFileRepository(db: Db) {
  const files = () => filesOf(db);

  return {
    /** A new plan: its first file, which names the plan by its own id. Inside a transaction. */
    insertPlan: async (file: Omit<Insertable<ProjectFilesTable>, 'planId' | 'version'>): Promise<number> => {
      const { id } = await db.insertInto('projectFiles').values({ ...file, planId: null, version: 1 }).returning('id').executeTakeFirstOrThrow();
      await db.updateTable('projectFiles').set({ planId: id }).where('id', '=', id).execute();
      return id;
    },

    /** A plan's next version. Inside a transaction whose writers of the project wait for each other (projects.lock). */
    insertVersion: async (planId: number, file: Omit<Insertable<ProjectFilesTable>, 'planId' | 'version'>): Promise<number> => {
      const newest = await db
        .selectFrom('projectFiles')
        .select((eb) => eb.fn.max('version').as('version'))
        .where('planId', '=', planId)
        .executeTakeFirst();
      const version = Number(newest?.version ?? 0) + 1;
      return (await db.insertInto('projectFiles').values({ ...file, planId, version }).returning('id').executeTakeFirstOrThrow()).id;
    },

    /** A project's plans (their current files), newest first: a page of them, or all (the export). */
    listOfProject: (projectId: number, window?: PageWindow) =>
      window === undefined
        ? newestFirst(currentOnly(files().where('projectFiles.projectId', '=', projectId))).execute()
        : filesPageQuery.execute(db, projectId, window.limit, window.offset),

    /** Every version of a plan, newest first. */
    versionsOf: (planId: number) =>
      files().where('projectFiles.planId', '=', planId).orderBy('projectFiles.version', 'desc').execute(),

    /** Every version of the project's plans, for the export: by plan, newest first. */
    versionsOfProject: (projectId: number) =>
      files().where('projectFiles.projectId', '=', projectId).orderBy('projectFiles.planId').orderBy('projectFiles.version', 'desc').execute(),

    findInProject: (projectId: number, fileId: number) =>
      files().where('projectFiles.projectId', '=', projectId).where('projectFiles.id', '=', fileId).executeTakeFirst(),

    /** A PDF's preview is made (its thumbnail and page count) or cannot be (null); answers whether the file is still listed. */
    finishPreview: async (fileId: number, preview: { thumbnailKey: string; pageCount: number } | null): Promise<boolean> => {
      const result = await db
        .updateTable('projectFiles')
        .set({ ...(preview ?? {}), previewPending: 0 })
        .where('id', '=', fileId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** PDFs whose preview was still being made when a server stopped. */
    pendingPreviews: () => files().where('projectFiles.previewPending', '=', 1).orderBy('projectFiles.id').execute(),

    /** A plan with all its versions. */
    deletePlan: (planId: number) => db.deleteFrom('projectFiles').where('planId', '=', planId).execute(),

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

/** A cached page as the bounds count it. */
export interface CachedPageRow {
  key: string;
  bytes: number;
}

/**
 * The bookkeeping of the rendered pages kept in the store (see previews/page-cache.ts).
 * `asyncCommitDb` takes the marks of pages read: one lost in a crash only makes a page look older.
 */
export function createRenderedPageRepository(db: Db, asyncCommitDb: Db) {
  const toRows = (rows: Array<{ key: string; bytes: number | string }>): CachedPageRow[] => rows.map((row) => ({ key: row.key, bytes: Number(row.bytes) }));

  return {
    /**
     * Inside a transaction: makes other writers of the file's pages wait until it ends (PostgreSQL's
     * row lock; on SQLite the transaction holds the only connection) and answers the file's size,
     * or undefined once the file is gone.
     */
    lockFile: async (fileKey: string): Promise<number | undefined> => {
      const query = db.selectFrom('projectFiles').select('size').where('storageKey', '=', fileKey);
      const row = await (isPostgresDb(db) ? query.forUpdate() : query).executeTakeFirst();
      return row && Number(row.size);
    },

    /** A page just rendered (or rendered again): its bytes, read now. */
    record: (page: { key: string; fileKey: string; bytes: number; lastUsedAt: string }) =>
      db
        .insertInto('renderedPages')
        .values(page)
        .onConflict((oc) => oc.column('key').doUpdateSet({ bytes: page.bytes, lastUsedAt: page.lastUsedAt }))
        .execute(),

    /** Marks a page read, unless it was marked after `staleBefore`: most reads write nothing. */
    touch: (key: string, now: string, staleBefore: string) =>
      asyncCommitDb.updateTable('renderedPages').set({ lastUsedAt: now }).where('key', '=', key).where('lastUsedAt', '<', staleBefore).execute(),

    /** The bytes of a file's cached pages. */
    bytesOfFile: async (fileKey: string): Promise<number> => {
      const row = await db.selectFrom('renderedPages').select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes')).where('fileKey', '=', fileKey).executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /** The bytes of every cached page of the installation. */
    totalBytes: async (): Promise<number> => {
      const row = await db.selectFrom('renderedPages').select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes')).executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /** A file's pages read longest ago first. */
    leastRecentlyUsedOfFile: async (fileKey: string, limit: number): Promise<CachedPageRow[]> =>
      toRows(await db.selectFrom('renderedPages').select(['key', 'bytes']).where('fileKey', '=', fileKey).orderBy('lastUsedAt').orderBy('key').limit(limit).execute()),

    /** The installation's pages read longest ago first. */
    leastRecentlyUsed: async (limit: number): Promise<CachedPageRow[]> =>
      toRows(await db.selectFrom('renderedPages').select(['key', 'bytes']).orderBy('lastUsedAt').orderBy('key').limit(limit).execute()),

    /** Forgets the pages; answers those this call removed (another instance may have been first). */
    remove: async (keys: string[]): Promise<string[]> => {
      if (keys.length === 0) return [];
      return (await db.deleteFrom('renderedPages').where('key', 'in', keys).returning('key').execute()).map((row) => row.key);
    },

    /** Which of these page objects are counted (the sweep removes the others). */
    knownKeys: async (keys: string[]): Promise<Set<string>> => {
      if (keys.length === 0) return new Set();
      return new Set((await db.selectFrom('renderedPages').select('key').where('key', 'in', keys).execute()).map((row) => row.key));
    },
  };
}

export type RenderedPageRepository = ReturnType<typeof createRenderedPageRepository>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly files: FileRepository;
    readonly renderedPages: RenderedPageRepository;
  }
}
