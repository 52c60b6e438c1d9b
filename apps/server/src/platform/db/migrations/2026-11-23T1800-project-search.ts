import type { MigrationDb } from '../migration-helpers';

/**
 * 'Alle Projekte' pages through a team's projects sorted by last change or progress: indexes that
 * start with the creator serve the scope and the order at once. The one on the creator alone is
 * the prefix of the first and goes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('projects_created_by_changed_idx').on('projects').columns(['created_by_id', 'changed_at']).execute();
  await db.schema.createIndex('projects_created_by_progress_idx').on('projects').columns(['created_by_id', 'progress']).execute();
  await db.schema.dropIndex('projects_created_by_idx').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('projects_created_by_idx').on('projects').column('created_by_id').execute();
  await db.schema.dropIndex('projects_created_by_progress_idx').execute();
  await db.schema.dropIndex('projects_created_by_changed_idx').execute();
}
