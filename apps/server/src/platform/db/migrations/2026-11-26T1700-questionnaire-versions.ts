import type { MigrationDb } from '../migration-helpers';

/**
 * A version per project and step, counted up by every save that changes an answer, and the version
 * at which each answer (by dotted path, e.g. "roof.roofType") last changed. A save based on an older
 * version can then tell which answers someone else changed meanwhile. Steps saved before versions
 * existed start at 0, their answers as they were then.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('questionnaire_answers').addColumn('version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('questionnaire_answers').addColumn('field_versions', 'text', (col) => col.notNull().defaultTo('{}')).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('questionnaire_answers').dropColumn('field_versions').execute();
  await db.schema.alterTable('questionnaire_answers').dropColumn('version').execute();
}
