import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { projectStatusFromProgress, type ClientProject, type DashboardProject, type Project } from '@bauakte/domain';
import type { Database, ProjectsTable } from '../../platform/db/schema';

export interface ProjectRef {
  id: number;
  createdById: number | null;
  assignedUserId: number | null;
}

export function createProjectRepository(db: Kysely<Database>) {
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

    findRef: (id: number): Promise<ProjectRef | undefined> =>
      db.selectFrom('projects').select(['id', 'createdById', 'assignedUserId']).where('id', '=', id).executeTakeFirst(),

    find: async (id: number): Promise<Project | undefined> => {
      const row = await projects().where('projects.id', '=', id).executeTakeFirst();
      return row && toProject(row);
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
