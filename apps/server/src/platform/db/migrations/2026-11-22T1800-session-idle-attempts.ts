import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers';

/**
 * Sessions end after a time without requests (besides their lifetime), so they remember when they
 * were last used. The throttle counts attempts, not failures: it counts before it checks.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await sql`update sessions set last_seen_at = created_at`.execute(db);
  await db.schema.alterTable('login_throttle').renameColumn('failures', 'attempts').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('login_throttle').renameColumn('attempts', 'failures').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
