import type { MigrationDb } from '../migration-helpers';

/**
 * Indexes the query-plan test (query-plans.test.ts) found missing on the hot paths:
 * - the change log names people by username (the account may be gone since), and usernames had
 *   no index of their own, only their folded key;
 * - lists of accounts by role ('available architects', counting administrators) read every user;
 * - a user's received messages ('Neueste Nachrichten': unread first, then the newest) were all read
 *   and sorted; with the id in the index they come in order and the LIMIT stops early.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('users_username_idx').on('users').column('username').execute();
  await db.schema.createIndex('users_role_key_idx').on('users').columns(['role', 'username_key']).execute();
  await db.schema.createIndex('chat_messages_received_idx').on('chat_messages').columns(['receiver_id', 'is_read', 'id']).execute();
  // The new index starts with the same columns and serves the unread counts as well.
  await db.schema.dropIndex('chat_messages_unread_idx').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('chat_messages_unread_idx').on('chat_messages').columns(['receiver_id', 'is_read']).execute();
  await db.schema.dropIndex('chat_messages_received_idx').execute();
  await db.schema.dropIndex('users_role_key_idx').execute();
  await db.schema.dropIndex('users_username_idx').execute();
}
