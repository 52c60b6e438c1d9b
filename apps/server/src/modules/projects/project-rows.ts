import type { Db } from '../../platform/db/database';

/** What every project list shows besides its name: where the project is and how far it got. */
export const addressAndProgress = [
  'projects.street',
  'projects.houseNumber',
  'projects.city',
  'projects.katastral',
  'projects.postalCode',
  'projects.country',
  'projects.progress',
  'projects.changedAt',
] as const;

/** A project with its customer's and its creator's names, as every project view shows it. */
export const projectsOf = (db: Db) =>
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
