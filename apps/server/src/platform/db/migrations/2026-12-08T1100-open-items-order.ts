import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers';

/**
 * 'Offene Punkte' in the order it is listed (due date, none last, then plan and number) within a
 * project: a page of a long list is read off the index in order and stops at its end, instead of
 * sorting every item of the project first. The order's first key is the expression the list sorts
 * by, written as the repository writes it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('plan_pins_open_items_order_idx')
    .on('plan_pins')
    .expression(sql`project_id, (case when due_date is null then 1 else 0 end), due_date, file_id, number`)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('plan_pins_open_items_order_idx').execute();
}
