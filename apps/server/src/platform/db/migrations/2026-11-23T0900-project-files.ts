import { withIdColumn, type MigrationDb } from '../migration-helpers';

/**
 * Project files. A row exists only for an object stored completely (the object is written first,
 * the row committed after), so every listed file can be downloaded.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('project_files'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('thumbnail_key', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('document_type', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    // bigint: a plan may exceed 2 GiB where an operator allows it.
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('uploaded_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // Kept as written at upload time, so the tile still names the person after the account is gone.
    .addColumn('uploaded_by_name', 'text', (col) => col.notNull())
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('project_files_project_idx').on('project_files').columns(['project_id', 'uploaded_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('project_files').execute();
}
