import { sql, type Insertable, type Updateable } from 'kysely';
import { projectStatusFromProgress, type ClientProject, type Project } from '@bauakte/domain';
import { isPostgresDb, type Db, type PageWindow } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';
import type { ProjectsTable } from '../../platform/db/schema';
import { createProjectNewsQueries } from './project-news-queries';
import { projectsOf } from './project-rows';
import { createProjectSearchQueries } from './project-search-queries';

/** Opening a project, one of an architect's most frequent actions: built once. */
const projectQuery = preparedQuery((db: Db, id: number) => projectsOf(db).where('projects.id', '=', id));

/** A page of projects in name order (the id breaks ties, so pages never overlap). */
const pageByName = (projects: ReturnType<typeof projectsOf>, limit: number, offset: number) =>
  projects.orderBy(sql`lower(projects.name)`).orderBy('projects.id').limit(limit).offset(offset);

/** A client's projects: every client's dashboard asks them (built once). */
const clientProjectsQuery = preparedQuery((db: Db, clientId: number, limit: number, offset: number) =>
  pageByName(projectsOf(db).where('projects.assignedUserId', '=', clientId), limit, offset),
);

/**
 * A project's rows: its own reads and writes here, the architects' search in
 * project-search-queries.ts, the 'Projekte mit Neuerungen' and the marks of projects seen in
 * project-news-queries.ts. `asyncCommitDb`: where those marks are written (DatabaseHandle.asyncCommitDb).
 */
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

    listForClient: async (clientId: number, window: PageWindow): Promise<ClientProject[]> =>
      (await clientProjectsQuery.execute(db, clientId, window.limit, window.offset)).map(toClientProject),

    listForArchitects: async (architectIds: number[], window: PageWindow): Promise<ClientProject[]> =>
      architectIds.length === 0 ? [] : (await pageByName(projects().where('projects.createdById', 'in', architectIds), window.limit, window.offset).execute()).map(toClientProject),

    update: (id: number, changes: Updateable<ProjectsTable>) => db.updateTable('projects').set(changes).where('id', '=', id).execute(),

    delete: (id: number) => db.deleteFrom('projects').where('id', '=', id).execute(),

    ...createProjectSearchQueries(db),

    ...createProjectNewsQueries(db, asyncCommitDb),
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly projects: ProjectRepository;
  }
}
