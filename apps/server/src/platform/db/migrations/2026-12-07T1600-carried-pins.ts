import type { MigrationDb } from '../migration-helpers';

/**
 * A pin carried over to a plan's next version names the pin it was carried from, so the export
 * shows the item once (on the newest version it lies on) and no pin is carried twice: the index is
 * unique (every database allows many nulls in it) and finds a pin's copy at once.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('plan_pins').addColumn('carried_from_pin_id', 'integer', (col) => col.references('plan_pins.id').onDelete('set null')).execute();
  await db.schema.createIndex('plan_pins_carried_from_idx').on('plan_pins').column('carried_from_pin_id').unique().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('plan_pins_carried_from_idx').execute();
  await db.schema.alterTable('plan_pins').dropColumn('carried_from_pin_id').execute();
}
