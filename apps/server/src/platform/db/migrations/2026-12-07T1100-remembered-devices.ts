import type { MigrationDb } from '../migration-helpers';

/**
 * A login may remember its device: such a session lives on while it is used (its expiry moves with
 * each use), outlasts a closed window and is listed to its user with the browser and system it
 * was made in, so that it can be ended from anywhere.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('remembered', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sessions').addColumn('browser', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('system', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('system').execute();
  await db.schema.alterTable('sessions').dropColumn('browser').execute();
  await db.schema.alterTable('sessions').dropColumn('remembered').execute();
}
