import type { MigrationDb } from '../migration-helpers';

/**
 * How many pages a PDF has, learnt when its first page was rendered as the tile's preview; null for
 * images and for PDFs that could not be rendered (broken, encrypted, over the render's bounds).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('project_files').addColumn('page_count', 'integer').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('project_files').dropColumn('page_count').execute();
}
