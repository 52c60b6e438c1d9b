import { withIdColumn, type MigrationDb } from '../migration-helpers';

/**
 * Pins become open items: a status (existing pins are 'Offen'), a kind (existing pins, plain remarks
 * until now, are 'Information'), who is responsible (null for nobody, and once the account is gone)
 * and a due date (YYYY-MM-DD). Every status change is kept with who made it and when.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('plan_pins').addColumn('status', 'text', (col) => col.notNull().defaultTo('OFFEN')).execute();
  await db.schema.alterTable('plan_pins').addColumn('kind', 'text', (col) => col.notNull().defaultTo('INFORMATION')).execute();
  await db.schema.alterTable('plan_pins').addColumn('responsible_id', 'integer', (col) => col.references('users.id').onDelete('set null')).execute();
  await db.schema.alterTable('plan_pins').addColumn('due_date', 'text').execute();
  // The project's list 'Offene Punkte', by due date; a user's items on the client's dashboard (and the account's delete).
  await db.schema.createIndex('plan_pins_project_due_idx').on('plan_pins').columns(['project_id', 'due_date']).execute();
  await db.schema.createIndex('plan_pins_responsible_idx').on('plan_pins').columns(['responsible_id', 'status']).execute();

  await withIdColumn(db, db.schema.createTable('plan_pin_status_changes'))
    .addColumn('pin_id', 'integer', (col) => col.notNull().references('plan_pins.id').onDelete('cascade'))
    .addColumn('from_status', 'text', (col) => col.notNull())
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('changed_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // Kept as written at the change, so the history still names the person after the account is gone.
    .addColumn('changed_by_name', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('plan_pin_status_changes_pin_idx').on('plan_pin_status_changes').columns(['pin_id', 'id']).execute();
  await db.schema.createIndex('plan_pin_status_changes_user_idx').on('plan_pin_status_changes').column('changed_by_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('plan_pin_status_changes').execute();
  await db.schema.dropIndex('plan_pins_responsible_idx').execute();
  await db.schema.dropIndex('plan_pins_project_due_idx').execute();
  for (const column of ['due_date', 'responsible_id', 'kind', 'status']) await db.schema.alterTable('plan_pins').dropColumn(column).execute();
}
