import type { MigrationDb } from '../migration-helpers';

/**
 * Mails to whoever is responsible for an open item. `item_notices`: when a person was last told of
 * being made responsible in a project (one mail per project and person in 10 minutes). A pin's
 * `reminded_for`: the due date its reminder was sent for, so each due date is reminded of once, by
 * one instance, also across restarts; a new due date is reminded of again.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('item_notices')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('item_notices_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('item_notices_user_idx').on('item_notices').column('user_id').execute();
  await db.schema.alterTable('plan_pins').addColumn('reminded_for', 'text').execute();
  // The reminders' sweep asks for the items due on one day across all projects.
  await db.schema.createIndex('plan_pins_due_idx').on('plan_pins').column('due_date').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('plan_pins_due_idx').execute();
  await db.schema.alterTable('plan_pins').dropColumn('reminded_for').execute();
  await db.schema.dropTable('item_notices').execute();
}
