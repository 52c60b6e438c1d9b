import { withIdColumn, type MigrationDb } from '../migration-helpers';

/**
 * Pins on plans: a numbered point on a page of one file (a plan's version), with a comment and an
 * optional photo that is another file of the project. A pin goes with its file; its photo file may
 * be deleted on its own (the pin stays, without photo).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('plan_pins'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (col) => col.notNull().references('project_files.id').onDelete('cascade'))
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('x', 'double precision', (col) => col.notNull())
    .addColumn('y', 'double precision', (col) => col.notNull())
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull())
    .addColumn('photo_file_id', 'integer', (col) => col.references('project_files.id').onDelete('set null'))
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // Kept as written when placed, so the pin still names the person after the account is gone.
    .addColumn('created_by_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('plan_pins_file_number_key', ['file_id', 'number'])
    .execute();
  await db.schema.createIndex('plan_pins_project_idx').on('plan_pins').columns(['project_id', 'created_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('plan_pins').execute();
}
