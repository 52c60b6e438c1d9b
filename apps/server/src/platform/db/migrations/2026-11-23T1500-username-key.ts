import { type MigrationDb } from '../migration-helpers';

/**
 * Usernames may hold umlauts and accents now. lower() does not fold 'Ü' on SQLite (nor on a
 * PostgreSQL database in the C locale), so uniqueness and look-ups move to a key computed in
 * the application: no case, no accents, ß as ss. The key is the frozen copy of the domain's
 * usernameKey at the time of writing, so this migration gives the same result forever.
 */
function keyOf(username: string): string {
  return username.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').toLowerCase();
}

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_key', 'text').execute();
  const users: { id: number; username: string }[] = await db.selectFrom('users').select(['id', 'username']).execute();
  for (const user of users) {
    await db.updateTable('users').set({ username_key: keyOf(user.username) }).where('id', '=', user.id).execute();
  }
  // Existing usernames are ASCII and unique without case, so their keys are unique too.
  await db.schema.createIndex('users_username_key_idx').on('users').unique().column('username_key').execute();
  await db.schema.dropIndex('users_username_lower_idx').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('users_username_key_idx').execute();
  await db.schema.alterTable('users').dropColumn('username_key').execute();
}
