import type { MigrationDb } from '../migration-helpers';

/**
 * 'Neueste Nachrichten' lists a user's received messages by the time they were sent, newest first
 * (ids follow the order rows were written, which an import or the demo does not keep to). With
 * (receiver_id, sent_at desc, id desc) the LIMIT stops after the first rows instead of sorting all
 * of an architect's received messages.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('chat_messages_received_time_idx').on('chat_messages').columns(['receiver_id', 'sent_at desc', 'id desc']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('chat_messages_received_time_idx').execute();
}
