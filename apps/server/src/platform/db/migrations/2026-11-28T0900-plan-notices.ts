import type { MigrationDb } from '../migration-helpers';

/**
 * When a project's person was last mailed about new pins and versions of its plans: one mail per
 * project and recipient in 10 minutes, however many pins are placed meanwhile.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('plan_notices')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('plan_notices_pk', ['project_id', 'user_id'])
    .execute();
  // Deleting an account deletes its rows through this index, not by reading the table.
  await db.schema.createIndex('plan_notices_user_idx').on('plan_notices').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('plan_notices').execute();
}
