import { withIdColumn, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  // One row per project and step; the answers as JSON in the shared schema's field names.
  await db.schema
    .createTable('questionnaire_answers')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('step', 'text', (col) => col.notNull())
    .addColumn('answers', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('questionnaire_answers_pk', ['project_id', 'step'])
    .execute();

  // Who changed what and when; the name is kept so the record outlives the account.
  await withIdColumn(db, db.schema.createTable('questionnaire_changes'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('step', 'text', (col) => col.notNull())
    .addColumn('changed_by_name', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('questionnaire_changes_project_idx').on('questionnaire_changes').columns(['project_id', 'changed_at']).execute();

  // Completion notices already sent, so a threshold is announced once per project and architect.
  await db.schema
    .createTable('form_notices')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('architect_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('threshold', 'integer', (col) => col.notNull())
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('form_notices_pk', ['project_id', 'architect_id', 'threshold'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('form_notices').execute();
  await db.schema.dropTable('questionnaire_changes').execute();
  await db.schema.dropTable('questionnaire_answers').execute();
}
