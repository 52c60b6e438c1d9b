import type { MigrationDb } from '../migration-helpers';

/**
 * The notice mail's 10 minutes hold per receiver and sender, no longer per chat: a chat deleted
 * and started again is a new chat, and each new one mailed the absent receiver again. The old rows
 * matter for 10 minutes at most and are not carried over.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('chat_notices').execute();
  await db.schema
    .createTable('chat_notices')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_notices_pk', ['user_id', 'sender_id'])
    .execute();
  // Deleting the sender's account deletes its rows through this index, not by reading the table.
  await db.schema.createIndex('chat_notices_sender_idx').on('chat_notices').column('sender_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('chat_notices').execute();
  await db.schema
    .createTable('chat_notices')
    .addColumn('chat_id', 'integer', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_notices_pk', ['chat_id', 'user_id'])
    .execute();
}
