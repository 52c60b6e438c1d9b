import { withIdColumn, type MigrationDb } from '../migration-helpers';

/**
 * Chats between two people (an architect and a client) and their messages. A pair has one chat:
 * the lower user id is stored first, so the unique index finds it whoever starts. Deleting an
 * account deletes its chats and messages.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('chats'))
    .addColumn('first_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('second_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('chats_pair_unique', ['first_user_id', 'second_user_id'])
    .execute();
  await db.schema.createIndex('chats_second_user_idx').on('chats').column('second_user_id').execute();

  await withIdColumn(db, db.schema.createTable('chat_messages'))
    .addColumn('chat_id', 'integer', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('is_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_chat_idx').on('chat_messages').columns(['chat_id', 'id']).execute();
  await db.schema.createIndex('chat_messages_unread_idx').on('chat_messages').columns(['receiver_id', 'is_read']).execute();

  // The last notice mail per chat and receiver: at most one per 10 minutes, across instances.
  await db.schema
    .createTable('chat_notices')
    .addColumn('chat_id', 'integer', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_notices_pk', ['chat_id', 'user_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('chat_notices').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chats').execute();
}
