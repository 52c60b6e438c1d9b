import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers';

/**
 * A PDF whose first page (the tile's preview) and page count are still being made: the upload
 * answers before its render, which finishes in the background.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('project_files')
    .addColumn('preview_pending', 'integer', (col) => col.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('project_files').dropColumn('preview_pending').execute();
}
