import type { MigrationDb } from '../migration-helpers';

/**
 * 'Neueste Nachrichten' asks for a user's received messages unread first, then the newest
 * (is_read ascending, id descending). An index ordered (receiver_id, is_read, id) serves only one
 * direction per column: PostgreSQL would read all of an architect's received messages and sort
 * them; with id descending in the index the LIMIT stops after the first rows.
 * The unread counts use the same index as before.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('chat_messages_received_idx').execute();
  await db.schema.createIndex('chat_messages_received_idx').on('chat_messages').columns(['receiver_id', 'is_read', 'id desc']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('chat_messages_received_idx').execute();
  await db.schema.createIndex('chat_messages_received_idx').on('chat_messages').columns(['receiver_id', 'is_read', 'id']).execute();
}
