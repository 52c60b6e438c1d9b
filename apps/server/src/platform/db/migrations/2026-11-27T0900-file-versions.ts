import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers';

/**
 * Versions of a plan: every file row belongs to a plan (plan_id, the id of the plan's first file)
 * and is its version 1, 2, 3 … The newest version is the plan's current file. Files uploaded before
 * versions existed are each a plan of their own, in version 1. plan_id is left nullable: a plan's
 * first file learns its own id only once inserted, and sets it in the same transaction (NULLs never
 * collide in the unique index).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('project_files').addColumn('plan_id', 'integer').execute();
  await db.schema.alterTable('project_files').addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await sql`update project_files set plan_id = id`.execute(db);
  // Two versions of a plan can never share a number; the list and the versions are read along it.
  await db.schema.createIndex('project_files_plan_version_idx').on('project_files').columns(['plan_id', 'version']).unique().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('project_files_plan_version_idx').execute();
  await db.schema.alterTable('project_files').dropColumn('version').execute();
  await db.schema.alterTable('project_files').dropColumn('plan_id').execute();
}
