import { withIdColumn, type MigrationDb } from '../migration-helpers';

/**
 * Photos to questions of the questionnaire (a heat producer's nameplate, a window's frame): each
 * is a file of the project, linked here to its step and question. A file named here is kept out
 * of the plans list; the link goes with its file and its project.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('question_photos'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (col) => col.notNull().references('project_files.id').onDelete('cascade'))
    .addColumn('step', 'text', (col) => col.notNull())
    .addColumn('question_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('question_photos_file_key', ['file_id'])
    .execute();
  await db.schema.createIndex('question_photos_project_idx').on('question_photos').columns(['project_id', 'question_key']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('question_photos').execute();
}
