import { sql, type Insertable } from 'kysely';
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

/** Plans only: a photo to a question or of an open item is shown with its question or item, never among the plans. */
const plansOnly = <Q extends ReturnType<typeof filesOf>>(query: Q) =>
  query.where((eb) =>
    eb.and([
      eb.not(eb.exists(eb.selectFrom('questionPhotos').select('questionPhotos.id').whereRef('questionPhotos.fileId', '=', 'projectFiles.id'))),
      eb.not(eb.exists(eb.selectFrom('itemPhotos').select('itemPhotos.id').whereRef('itemPhotos.fileId', '=', 'projectFiles.id'))),
    ]),
  );

const newestFirst = <Q extends ReturnType<typeof filesOf>>(query: Q) => query.orderBy('projectFiles.uploadedAt', 'desc').orderBy('projectFiles.id', 'desc');

/** A page of a project's plans (their current files): every opening of a project asks it, so it is built once. */
const filesPageQuery = preparedQuery((db: Db, projectId: number, limit: number, offset: number) =>
  newestFirst(plansOnly(currentOnly(filesOf(db).where('projectFiles.projectId', '=', projectId)))).limit(limit).offset(offset),
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
        ? newestFirst(plansOnly(currentOnly(files().where('projectFiles.projectId', '=', projectId)))).execute()
        : filesPageQuery.execute(db, projectId, window.limit, window.offset),

    /** Every version of a plan, newest first. */
    versionsOf: (planId: number) =>
      files().where('projectFiles.planId', '=', planId).orderBy('projectFiles.version', 'desc').execute(),

    /** Every version of the project's plans, for the export: by plan, newest first. */
    versionsOfProject: (projectId: number) =>
      plansOnly(files().where('projectFiles.projectId', '=', projectId)).orderBy('projectFiles.planId').orderBy('projectFiles.version', 'desc').execute(),

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

/** The photos to questions of the questionnaire: links of project files to a step and a question. */
export function createQuestionPhotoRepository(db: Db) {
  return {
    /** Inside the upload's transaction, after the project's lock: how many photos the question holds. */
    countOf: async (projectId: number, questionKey: string): Promise<number> => {
      const row = await db
        .selectFrom('questionPhotos')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('projectId', '=', projectId)
        .where('questionKey', '=', questionKey)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    insert: (link: { projectId: number; fileId: number; step: string; questionKey: string; createdAt: string }) =>
      db.insertInto('questionPhotos').values(link).execute(),

    /** The project's photos with their files, by question, oldest first. */
    listOfProject: (projectId: number) =>
      filesOf(db)
        .innerJoin('questionPhotos', 'questionPhotos.fileId', 'projectFiles.id')
        .select(['questionPhotos.step', 'questionPhotos.questionKey'])
        .where('questionPhotos.projectId', '=', projectId)
        .orderBy('questionPhotos.questionKey')
        .orderBy('questionPhotos.id')
        .execute(),

    /** Whether the file is a photo to a question. */
    isQuestionPhoto: async (fileId: number): Promise<boolean> =>
      (await db.selectFrom('questionPhotos').select('id').where('fileId', '=', fileId).executeTakeFirst()) !== undefined,
  };
}

export type QuestionPhotoRepository = ReturnType<typeof createQuestionPhotoRepository>;
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
    readonly questionPhotos: QuestionPhotoRepository;
    readonly itemPhotos: ItemPhotoRepository;
  }
}

/** A photo's link to its item: a pin, or a reply under one. */
export type ItemPhotoOwner = { pinId: number; replyId?: undefined } | { replyId: number; pinId?: undefined };

/**
 * The photos of open items: links of project files to a pin or to a reply under one. A link whose
 * pin or reply is gone keeps its file out of the plans list until removeOrphans takes the file.
 */
export function createItemPhotoRepository(db: Db) {
  return {
    /** The files of the project among `fileIds`, with what the photos' checks need. */
    candidates: (projectId: number, fileIds: readonly number[]) =>
      fileIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('projectFiles')
            .select((eb) => [
              'projectFiles.id',
              'projectFiles.documentType',
              eb.exists(eb.selectFrom('questionPhotos').select('questionPhotos.id').whereRef('questionPhotos.fileId', '=', 'projectFiles.id')).as('ofQuestion'),
            ])
            .where('projectFiles.projectId', '=', projectId)
            .where('projectFiles.id', 'in', fileIds)
            .execute(),

    /** Links the files, in their order, to a pin or a reply. */
    link: async (projectId: number, owner: ItemPhotoOwner, fileIds: readonly number[], now: string): Promise<void> => {
      if (fileIds.length === 0) return;
      await db
        .insertInto('itemPhotos')
        .values(fileIds.map((fileId) => ({ projectId, fileId, pinId: owner.pinId ?? null, replyId: owner.replyId ?? null, createdAt: now })))
        .execute();
    },

    /** Unlinks a pin's photos (its replies' stay); the files wait for removeOrphans. */
    unlinkPin: (pinId: number) => db.updateTable('itemPhotos').set({ pinId: null }).where('pinId', '=', pinId).where('replyId', 'is', null).execute(),

    /** The photos of the pins, in their order. */
    ofPins: (pinIds: readonly number[]) =>
      pinIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('itemPhotos').select(['pinId', 'fileId']).where('pinId', 'in', pinIds).where('replyId', 'is', null).orderBy('id').execute(),

    /** The photos of the replies, in their order. */
    ofReplies: (replyIds: readonly number[]) =>
      replyIds.length === 0 ? Promise.resolve([]) : db.selectFrom('itemPhotos').select(['replyId', 'fileId']).where('replyId', 'in', replyIds).orderBy('id').execute(),

    /**
     * The project's photos of items with their items and plans ('Fotos'): by plan, pin and order,
     * a pin's own photos before its replies'.
     */
    listOfProject: (projectId: number) =>
      filesOf(db)
        .innerJoin('itemPhotos', 'itemPhotos.fileId', 'projectFiles.id')
        .leftJoin('planPinReplies', 'planPinReplies.id', 'itemPhotos.replyId')
        .innerJoin('planPins as pin', (join) => join.on((eb) => eb('pin.id', '=', eb.fn.coalesce('itemPhotos.pinId', 'planPinReplies.pinId'))))
        .innerJoin('projectFiles as plan', 'plan.id', 'pin.fileId')
        .select(['itemPhotos.replyId', 'pin.id as pinId', 'pin.number as pinNumber', 'pin.page as pinPage', 'plan.id as planFileId', 'plan.planId as planPlanId', 'plan.name as planName'])
        .where('itemPhotos.projectId', '=', projectId)
        .orderBy('plan.planId')
        .orderBy('plan.version')
        .orderBy('pin.number')
        .orderBy(sql`case when ${sql.ref('itemPhotos.replyId')} is null then 0 else 1 end`)
        .orderBy('itemPhotos.id')
        .execute(),

    /**
     * The project's photos no pin or reply holds any more (removed from their item, or their item
     * gone): their files go (their links with them). Answers the rows for their objects.
     */
    removeOrphans: async (projectId: number) => {
      const live = db.selectFrom('itemPhotos as live').select('live.fileId').where((eb) => eb.or([eb('live.pinId', 'is not', null), eb('live.replyId', 'is not', null)]));
      await db.deleteFrom('itemPhotos').where('projectId', '=', projectId).where('pinId', 'is', null).where('replyId', 'is', null).where('fileId', 'in', live).execute();
      const orphaned = db.selectFrom('itemPhotos').select('fileId').where('projectId', '=', projectId).where('pinId', 'is', null).where('replyId', 'is', null);
      return db.deleteFrom('projectFiles').where('projectId', '=', projectId).where('id', 'in', orphaned).returning(['storageKey', 'thumbnailKey', 'pageCount']).execute();
    },
  };
}

export type ItemPhotoRepository = ReturnType<typeof createItemPhotoRepository>;
