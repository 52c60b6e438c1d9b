import { withIdColumn, type MigrationDb } from '../migration-helpers';

/**
 * Outgoing mails, stored with the change that causes them (an invitation with its account) and sent
 * by a background sender in each instance, with retries: a mail server that is down delays a mail,
 * it does not lose it. claimed_until marks a mail an instance is sending; once past, another takes it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('mail_outbox'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    // JSON array of the links in the mail, logged when no SMTP server is configured.
    .addColumn('links', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The sender's question: pending mails that are due, the earliest first.
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['state', 'next_attempt_at']).execute();
  // The admin's failures of the last day, and the removal of old sent and given-up mails.
  await db.schema.createIndex('mail_outbox_attempted_idx').on('mail_outbox').columns(['state', 'last_attempt_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
