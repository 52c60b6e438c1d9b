import type { MigrationDb } from '../migration-helpers';

/**
 * A count of a project's questionnaire saves. A save reads the answers, then writes on condition
 * that the count is still what it read (questionnaire/repository.ts): no transaction is held open
 * across the round trips in between, and a save that lost a race reads again.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('projects').addColumn('answers_version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('answers_version').execute();
}
