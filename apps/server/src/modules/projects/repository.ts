import { sql, type Insertable, type Updateable } from 'kysely';
import { projectStatusFromProgress, type ClientProject, type DashboardProject, type Project } from '@bauakte/domain';
import { isPostgresDb, type Db } from '../../platform/db/database';
import type { ProjectsTable } from '../../platform/db/schema';

export function createProjectRepository(db: Db) {
  const projects = () =>
    db
      .selectFrom('projects')
      .leftJoin('users as client', 'client.id', 'projects.assignedUserId')
      .leftJoin('users as creator', 'creator.id', 'projects.createdById')
      .select([
        'projects.id',
        'projects.name',
        'projects.description',
        'projects.street',
        'projects.houseNumber',
        'projects.city',
        'projects.katastral',
        'projects.postalCode',
        'projects.country',
        'projects.progress',
        'projects.changedAt',
        'client.username as assignedUser',
        'creator.username as creationName',
      ]);
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
    get: async (id: number): Promise<Project> => toProject(await projects().where('projects.id', '=', id).executeTakeFirstOrThrow()),

    /**
     * Inside a transaction: makes other writers of the same project wait until it ends (PostgreSQL's
     * row lock). On SQLite the transaction already holds the only connection.
     */
    lock: async (id: number): Promise<boolean> => {
      const query = db.selectFrom('projects').select('id').where('id', '=', id);
      return (await (isPostgresDb(db) ? query.forUpdate() : query).executeTakeFirst()) !== undefined;
    },

    listCreatedBy: async (architectIds: number[]): Promise<Project[]> => {
      if (architectIds.length === 0) return [];
      const rows = await projects().where('projects.createdById', 'in', architectIds).orderBy(sql`lower(projects.name)`).execute();
      return rows.map(toProject);
    },

    listForClient: async (clientId: number): Promise<ClientProject[]> =>
      (await projects().where('projects.assignedUserId', '=', clientId).orderBy(sql`lower(projects.name)`).execute()).map(toClientProject),

    listForArchitects: async (architectIds: number[]): Promise<ClientProject[]> => {
      if (architectIds.length === 0) return [];
      return (await projects().where('projects.createdById', 'in', architectIds).orderBy(sql`lower(projects.name)`).execute()).map(toClientProject);
    },

    /** Projects of these architects changed since this user last opened them, newest first. */
    news: async (userId: number, architectIds: number[]): Promise<DashboardProject[]> => {
      if (architectIds.length === 0) return [];
      const rows = await projects()
        .leftJoin('projectViews', (join) => join.onRef('projectViews.projectId', '=', 'projects.id').on('projectViews.userId', '=', userId))
        .where('projects.createdById', 'in', architectIds)
        .where((eb) => eb.or([eb('projectViews.seenAt', 'is', null), eb('projectViews.seenAt', '<', eb.ref('projects.changedAt'))]))
        .orderBy('projects.changedAt', 'desc')
        .orderBy('projects.id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: projectStatusFromProgress(row.progress),
        assignedUser: row.assignedUser,
        changedAt: row.changedAt,
      }));
    },

    markSeen: (userId: number, projectId: number, seenAt: string) =>
      db
        .insertInto('projectViews')
        .values({ userId, projectId, seenAt })
        .onConflict((oc) => oc.columns(['userId', 'projectId']).doUpdateSet({ seenAt }))
        .execute(),

    update: (id: number, changes: Updateable<ProjectsTable>) => db.updateTable('projects').set(changes).where('id', '=', id).execute(),

    delete: (id: number) => db.deleteFrom('projects').where('id', '=', id).execute(),

    /** Something changed (a file came or went): news on the architects' 'Projekte mit Neuerungen'. */
    markChanged: (id: number, at: string) => db.updateTable('projects').set({ changedAt: at, updatedAt: at }).where('id', '=', id).execute(),

    /** New progress; a real change also marks the project on the architects' 'Projekte mit Neuerungen'. */
    recordProgress: (id: number, progress: number, at: string, changed: boolean) =>
      db
        .updateTable('projects')
        .set({ progress, updatedAt: at, ...(changed ? { changedAt: at } : {}) })
        .where('id', '=', id)
        .execute(),
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
