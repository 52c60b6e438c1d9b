import type { MigrationDb } from '../migration-helpers';

/**
 * The PDF pages rendered for the plan viewer and kept in the store: which object, whose file, its
 * bytes and when it was last read. The bounds on the cache (per file, per installation) are counted
 * here, so every instance sees the same sums. A row goes with its file.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('rendered_pages')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('file_key', 'text', (col) => col.notNull().references('project_files.storage_key').onDelete('cascade'))
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('last_used_at', 'text', (col) => col.notNull())
    .execute();
  // A file's sum and its least recently used pages at every write; the file's delete finds its rows.
  await db.schema.createIndex('rendered_pages_file_idx').on('rendered_pages').columns(['file_key', 'last_used_at']).execute();
  // The installation's least recently used pages, at the sweep.
  await db.schema.createIndex('rendered_pages_last_used_idx').on('rendered_pages').column('last_used_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('rendered_pages').execute();
}
