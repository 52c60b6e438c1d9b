import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import {
  projectStatusFromProgress, type ClientProject, type DashboardProject, type Project, type ProjectSearchQuery, type ProjectSearchResult, type ProjectStatus,
} from '@bauakte/domain';
import { foldCase, foldText, isPostgresDb, type Db, type PageWindow } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';
import type { Database, ProjectsTable } from '../../platform/db/schema';

/** The words of a search, folded; each must appear somewhere in the project or its customer. */
export function searchWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter((word) => word.length > 0).slice(0, 10);
}

/** A LIKE pattern that finds the word anywhere, with its own %, _ and backslash taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Everything a search looks in, as one text: name, address, KG number and the customer's names. */
const searchableText = sql<string>`coalesce(${sql.ref('projects.name')}, '') || ' ' || ${sql.ref('projects.street')} || ' ' || ${sql.ref('projects.houseNumber')}
  || ' ' || ${sql.ref('projects.postalCode')} || ' ' || ${sql.ref('projects.city')} || ' ' || coalesce(cast(${sql.ref('projects.katastral')} as text), '')
  || ' ' || coalesce(${sql.ref('client.firstName')}, '') || ' ' || coalesce(${sql.ref('client.lastName')}, '') || ' ' || coalesce(${sql.ref('client.username')}, '')`;

/**
 * The searchable text folded: on PostgreSQL the columns the database keeps folded (migration
 * 2026-11-25T1310-search-keys), elsewhere folded here, row by row.
 */
const foldedSearchableText = (db: Db) =>
  isPostgresDb(db) ? sql<string>`projects.search_key || ' ' || coalesce(client.name_key, '')` : foldCase(db, searchableText);

/** The status is derived from the progress (projectStatusFromProgress), so its filter is a progress range. */
const progressOfStatus: Record<ProjectStatus, { min?: number; below?: number }> = {
  NEW: { below: 1 },
  IN_PROGRESS: { min: 1, below: 100 },
  COMPLETE: { min: 100 },
};

/** What every project list shows besides its name: where the project is and how far it got. */
const addressAndProgress = [
  'projects.street',
  'projects.houseNumber',
  'projects.city',
  'projects.katastral',
  'projects.postalCode',
  'projects.country',
  'projects.progress',
  'projects.changedAt',
] as const;

/** A project as a search lists it, with its customer (none for a project without one). */
interface SearchRow {
  id: number;
  name: string;
  street: string;
  houseNumber: string;
  city: string;
  katastral: number | null;
  postalCode: string;
  country: string;
  progress: number;
  changedAt: string;
  customerUsername: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
}

/** A project with its customer's and its creator's names, as every project view shows it. */
const projectsOf = (db: Db) =>
  db
    .selectFrom('projects')
    .leftJoin('users as client', 'client.id', 'projects.assignedUserId')
    .leftJoin('users as creator', 'creator.id', 'projects.createdById')
    .select([
      'projects.id',
      'projects.name',
      'projects.description',
      ...addressAndProgress,
      'client.username as assignedUser',
      'client.firstName as customerFirstName',
      'client.lastName as customerLastName',
      'creator.username as creationName',
    ]);

/** Opening a project (a quarter of an architect's actions in bench/workload.ts): built once. */
const projectQuery = preparedQuery((db: Db, id: number) => projectsOf(db).where('projects.id', '=', id));

/** Written on every opening of a project, too. */
const markSeenQuery = preparedQuery((db: Db, userId: number, projectId: number, seenAt: string) =>
  db
    .insertInto('projectViews')
    .values({ userId, projectId, seenAt })
    .onConflict((oc) => oc.columns(['userId', 'projectId']).doUpdateSet({ seenAt })),
);

/** A page of projects in name order (the id breaks ties, so pages never overlap). */
const pageByName = (projects: ReturnType<typeof projectsOf>, limit: number, offset: number) =>
  projects.orderBy(sql`lower(projects.name)`).orderBy('projects.id').limit(limit).offset(offset);

/** A client's projects: every client's dashboard asks them (built once). */
const clientProjectsQuery = preparedQuery((db: Db, clientId: number, limit: number, offset: number) =>
  pageByName(projectsOf(db).where('projects.assignedUserId', '=', clientId), limit, offset),
);

/** `asyncCommitDb`: where the marks of projects seen are written (DatabaseHandle.asyncCommitDb). */
export function createProjectRepository(db: Db, asyncCommitDb: Db = db) {
  const projects = () => projectsOf(db);
  type Row = Awaited<ReturnType<ReturnType<typeof projects>['executeTakeFirstOrThrow']>>;

  const toProject = (row: Row): Project => ({
    id: row.id,
    name: row.name,
    description: row.description,
    assignedUser: row.assignedUser,
    creationName: row.creationName,
    progress: row.progress,
    status: projectStatusFromProgress(row.progress),
    address: {
      street: row.street,
      number: row.houseNumber,
      city: row.city,
      katastral: row.katastral,
      postalCode: row.postalCode,
      country: row.country,
    },
  });

  const toClientProject = (row: Row): ClientProject => ({
    id: row.id,
    name: row.name,
    description: row.description,
    progress: row.progress,
    address: { street: row.street, number: row.houseNumber, city: row.city, country: row.country },
  });

  return {
    insert: async (project: Insertable<ProjectsTable>): Promise<number> =>
      (await db.insertInto('projects').values(project).returning('id').executeTakeFirstOrThrow()).id,

    /** A project the access policy just allowed; its absence is a bug (or a concurrent delete), not a user error. */
    get: async (id: number): Promise<Project> => toProject(await projectQuery.executeTakeFirstOrThrow(db, id)),

    /**
     * Inside a transaction: makes other writers of the same project wait until it ends (PostgreSQL's
     * row lock). On SQLite the transaction already holds the only connection. A statement of its own:
     * a read joined to this lock would, after waiting, still see the other tables as they were when
     * it began (READ COMMITTED re-reads only the locked row), so the answers are read after it.
     */
    lock: async (id: number): Promise<boolean> => {
      const query = db.selectFrom('projects').select('id').where('id', '=', id);
      return (await (isPostgresDb(db) ? query.forUpdate() : query).executeTakeFirst()) !== undefined;
    },

    listCreatedBy: async (architectIds: number[], window: PageWindow): Promise<Project[]> => {
      if (architectIds.length === 0) return [];
      const rows = await projects()
        .where('projects.createdById', 'in', architectIds)
        .orderBy(sql`lower(projects.name)`)
        .orderBy('projects.id')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
      return rows.map(toProject);
    },

    /** One page of the architects' projects that match the search, and how many match in all. */
    search: async (architectIds: number[], query: ProjectSearchQuery): Promise<ProjectSearchResult> => {
      const page = { page: query.page, pageSize: query.pageSize };
      if (architectIds.length === 0) return { items: [], total: 0, ...page };
      const range = query.status ? progressOfStatus[query.status] : {};
      const inRange = <Q extends SelectQueryBuilder<Database, 'projects', object>>(builder: Q): Q => {
        let scoped: SelectQueryBuilder<Database, 'projects', object> = builder;
        if (range.min !== undefined) scoped = scoped.where('projects.progress', '>=', range.min);
        if (range.below !== undefined) scoped = scoped.where('projects.progress', '<', range.below);
        return scoped as Q;
      };
      const inScope = <Q extends SelectQueryBuilder<Database, 'projects', object>>(builder: Q): Q =>
        inRange(builder.where('projects.createdById', 'in', architectIds) as Q);
      const byName = foldCase(db, sql<string>`${sql.ref('projects.name')}`);
      const inOrder = <Q extends SelectQueryBuilder<Database, 'projects', object>>(builder: Q): Q => {
        let sorted: SelectQueryBuilder<Database, 'projects', object> = builder;
        if (query.sort === 'name') sorted = sorted.orderBy(byName);
        if (query.sort === 'changedAt') sorted = sorted.orderBy('projects.changedAt', 'desc');
        if (query.sort === 'progress') sorted = sorted.orderBy('projects.progress', 'desc').orderBy(byName);
        return sorted.orderBy('projects.id', 'desc') as Q;
      };
      const window = <Q extends SelectQueryBuilder<Database, 'projects', object>>(builder: Q): Q =>
        inOrder(builder).limit(query.pageSize).offset((query.page - 1) * query.pageSize) as Q;
      const withCustomer = () => db.selectFrom('projects').leftJoin('users as client', 'client.id', 'projects.assignedUserId');
      const shown = [
        'projects.id',
        'projects.name',
        ...addressAndProgress,
        'client.username as customerUsername',
        'client.firstName as customerFirstName',
        'client.lastName as customerLastName',
      ] as const;

      /**
       * PostgreSQL: the candidates for the page, as each architect's own first `offset + pageSize`
       * in the page's order, walked along the (architect, changed) index: the page is among them. One
       * walk over the office's projects sorted them all (the demo's 1,750) to keep 20 (1.2 → 0.14 ms).
       */
      const firstOfEachArchitect = () =>
        db
          .selectFrom(sql<{ id: number }>`(select unnest(array[${sql.join(architectIds)}]::integer[]) as id)`.as('architect'))
          .innerJoinLateral(
            (eb) =>
              inOrder(inRange(eb.selectFrom('projects').select('projects.id').whereRef('projects.createdById', '=', 'architect.id')))
                .limit(query.page * query.pageSize)
                .as('first'),
            (join) => join.onTrue(),
          )
          .select('first.id');

      const words = searchWords(query.query);
      let rows: SearchRow[];
      let total: number;
      if (words.length === 0) {
        // The page is chosen among the projects alone, and only its rows are joined to their
        // customers (PostgreSQL joined all 1,750 of the demo's office first); the projects' index counts.
        const chosen = window(
          isPostgresDb(db)
            ? db.selectFrom('projects').select('projects.id').where('projects.id', 'in', firstOfEachArchitect())
            : inScope(db.selectFrom('projects')).select('projects.id'),
        );
        const [counted, found] = await Promise.all([
          inScope(db.selectFrom('projects')).select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
          inOrder(withCustomer().select(shown).where('projects.id', 'in', chosen)).execute(),
        ]);
        [rows, total] = [found, Number(counted.total)];
      } else {
        const folded = foldedSearchableText(db);
        const matching = words.reduce((found, word) => found.where(sql<boolean>`${folded} like ${containing(word)} escape '\\'`), inScope(withCustomer()));
        // The total comes with the page (a window count), so each project's text is matched once, not
        // twice. A page past the end has no row to carry it: only then is it counted on its own.
        const found = await window(matching.select([...shown, sql<number | string>`count(*) over ()`.as('total')])).execute();
        const countAll = async () => (await matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow()).total;
        [rows, total] = [found, Number(found[0]?.total ?? (query.page === 1 ? 0 : await countAll()))];
      }
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          status: projectStatusFromProgress(row.progress),
          progress: row.progress,
          address: { street: row.street, number: row.houseNumber, city: row.city, katastral: row.katastral, postalCode: row.postalCode, country: row.country },
          customer: row.customerUsername === null ? null : { username: row.customerUsername, firstName: row.customerFirstName ?? '', lastName: row.customerLastName ?? '' },
          changedAt: row.changedAt,
        })),
        total,
        ...page,
      };
    },

    listForClient: async (clientId: number, window: PageWindow): Promise<ClientProject[]> =>
      (await clientProjectsQuery.execute(db, clientId, window.limit, window.offset)).map(toClientProject),

    listForArchitects: async (architectIds: number[], window: PageWindow): Promise<ClientProject[]> =>
      architectIds.length === 0 ? [] : (await pageByName(projects().where('projects.createdById', 'in', architectIds), window.limit, window.offset).execute()).map(toClientProject),

    /**
     * Projects of these architects changed since this user last opened them, newest first. The page
     * is chosen among the projects and the user's views alone (the (architect, changed) index covers
     * the projects' part), and only its rows are joined to their customers and creators: joining all
     * of an office's projects first took twice as long (SQLite, the demo's 1,750: 3.1 → 1.8 ms).
     * Built per call: PostgreSQL's plan for it built once (the architects as = any($1)) took twice as
     * long as its plans for the ids written out (pg_stat_statements, 400 calls each: 1.5 – 2.4 → 3.3 – 5.0 ms).
     */
    news: async (userId: number, architectIds: number[], window: PageWindow): Promise<DashboardProject[]> => {
      if (architectIds.length === 0) return [];
      const chosen = db
        .selectFrom('projects')
        .leftJoin('projectViews', (join) => join.onRef('projectViews.projectId', '=', 'projects.id').on('projectViews.userId', '=', userId))
        .select('projects.id')
        .where('projects.createdById', 'in', architectIds)
        .where((eb) => eb.or([eb('projectViews.seenAt', 'is', null), eb('projectViews.seenAt', '<', eb.ref('projects.changedAt'))]))
        .orderBy('projects.changedAt', 'desc')
        .orderBy('projects.id', 'desc')
        .limit(window.limit)
        .offset(window.offset);
      // What is new is counted in the same statement, for the page's rows only, each count along its
      // (project, time) index: files uploaded (and which of them are new versions of a plan), pins placed on plans and questionnaire changes since the user's last opening;
      // and the customer's chat messages the user has not read yet, along the (receiver, read) index.
      const rows = await projects()
        .leftJoin('projectViews as seen', (join) => join.onRef('seen.projectId', '=', 'projects.id').on('seen.userId', '=', userId))
        .select((eb) => [
          eb
            .selectFrom('projectFiles')
            .select(eb.fn.countAll<number | string>().as('count'))
            .whereRef('projectFiles.projectId', '=', 'projects.id')
            .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('projectFiles.uploadedAt', '>', inner.ref('seen.seenAt'))]))
            .as('newFiles'),
          eb
            .selectFrom('projectFiles')
            .select(eb.fn.countAll<number | string>().as('count'))
            .whereRef('projectFiles.projectId', '=', 'projects.id')
            .where('projectFiles.version', '>', 1)
            .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('projectFiles.uploadedAt', '>', inner.ref('seen.seenAt'))]))
            .as('newVersions'),
          eb
            .selectFrom('planPins')
            .select(eb.fn.countAll<number | string>().as('count'))
            .whereRef('planPins.projectId', '=', 'projects.id')
            .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('planPins.createdAt', '>', inner.ref('seen.seenAt'))]))
            .as('newPins'),
          eb
            .selectFrom('questionnaireChanges')
            .select(eb.fn.countAll<number | string>().as('count'))
            .whereRef('questionnaireChanges.projectId', '=', 'projects.id')
            .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('questionnaireChanges.changedAt', '>', inner.ref('seen.seenAt'))]))
            .as('questionnaireChanges'),
          eb
            .selectFrom('chatMessages')
            .select(eb.fn.countAll<number | string>().as('count'))
            .where('chatMessages.receiverId', '=', userId)
            .where('chatMessages.isRead', '=', 0)
            .whereRef('chatMessages.senderId', '=', 'projects.assignedUserId')
            .as('unreadMessages'),
        ])
        .where('projects.id', 'in', chosen)
        .orderBy('projects.changedAt', 'desc')
        .orderBy('projects.id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: projectStatusFromProgress(row.progress),
        assignedUser: row.assignedUser,
        changedAt: row.changedAt,
        customer: row.assignedUser === null ? null : { username: row.assignedUser, firstName: row.customerFirstName ?? '', lastName: row.customerLastName ?? '' },
        progress: row.progress,
        // PostgreSQL answers a count as text (bigint).
        newFiles: Number(row.newFiles ?? 0),
        newVersions: Number(row.newVersions ?? 0),
        newPins: Number(row.newPins ?? 0),
        questionnaireChanges: Number(row.questionnaireChanges ?? 0),
        unreadMessages: Number(row.unreadMessages ?? 0),
      }));
    },

    /** A mark lost in a crash only shows the project as news once more: it does not wait for the disk. */
    markSeen: (userId: number, projectId: number, seenAt: string) => markSeenQuery.execute(asyncCommitDb, userId, projectId, seenAt),

    update: (id: number, changes: Updateable<ProjectsTable>) => db.updateTable('projects').set(changes).where('id', '=', id).execute(),

    delete: (id: number) => db.deleteFrom('projects').where('id', '=', id).execute(),

    /**
     * Something changed (a file or pin came or went): news on the architects' 'Projekte mit
     * Neuerungen', except to `seenBy`, the architect who made it (null when a client did).
     */
    recordChange: async (id: number, at: string, seenBy: number | null): Promise<void> => {
      await db.updateTable('projects').set({ changedAt: at, updatedAt: at }).where('id', '=', id).execute();
      if (seenBy !== null) await markSeenQuery.execute(asyncCommitDb, seenBy, id, at);
    },
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly projects: ProjectRepository;
  }
}
