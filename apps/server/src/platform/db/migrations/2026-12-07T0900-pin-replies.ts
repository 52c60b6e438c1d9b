import { withIdColumn, type MigrationDb } from '../migration-helpers';

/** Replies under a pin: the conversation of an open item, both sides, text only. A reply goes with its pin. */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('plan_pin_replies'))
    .addColumn('pin_id', 'integer', (col) => col.notNull().references('plan_pins.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // Kept as written, so the conversation still names the person after the account is gone.
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('plan_pin_replies_pin_idx').on('plan_pin_replies').columns(['pin_id', 'id']).execute();
  await db.schema.createIndex('plan_pin_replies_author_idx').on('plan_pin_replies').column('author_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('plan_pin_replies').execute();
}
