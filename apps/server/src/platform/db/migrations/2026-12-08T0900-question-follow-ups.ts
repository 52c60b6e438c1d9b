import { withIdColumn, type MigrationDb } from '../migration-helpers';

/**
 * The architect's follow-ups on answers of the questionnaire ('Rückfrage'): an open item anchored
 * on a question instead of a spot on a plan, with the client's answer that closes it. A follow-up
 * goes with its project; it outlives the accounts of who raised it and who is to answer.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('question_follow_ups'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('question_key', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('OFFEN'))
    .addColumn('responsible_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // Kept as written when raised, so the follow-up still names the person after the account is gone.
    .addColumn('created_by_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('answer', 'text')
    .addColumn('answered_by_name', 'text')
    .addColumn('answered_at', 'text')
    .execute();
  // The project's list 'Offene Punkte' and its count; a user's items on the dashboard (and the account's delete).
  await db.schema.createIndex('question_follow_ups_project_idx').on('question_follow_ups').columns(['project_id', 'status']).execute();
  await db.schema.createIndex('question_follow_ups_responsible_idx').on('question_follow_ups').columns(['responsible_id', 'status']).execute();
  // The account's delete sets the author to null without reading the whole table.
  await db.schema.createIndex('question_follow_ups_author_idx').on('question_follow_ups').column('created_by_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('question_follow_ups').execute();
}
