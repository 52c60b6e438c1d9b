import { sql } from 'kysely';
import { withIdColumn, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('teams'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('teams_name_lower_idx').on('teams').unique().expression(sql`lower(name)`).execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user_idx').on('team_members').column('user_id').execute();

  // Invitation and password-reset links: only a hash of the token is stored.
  await withIdColumn(db, db.schema.createTable('account_tokens'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('INVITATION', 'PASSWORD_RESET')`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('chat_all', 'integer', (col) => col.notNull())
    .addColumn('chat_none', 'integer', (col) => col.notNull())
    .addColumn('form_all', 'integer', (col) => col.notNull())
    .addColumn('form50', 'integer', (col) => col.notNull())
    .addColumn('form75', 'integer', (col) => col.notNull())
    .addColumn('form95', 'integer', (col) => col.notNull())
    .addColumn('form100', 'integer', (col) => col.notNull())
    .addColumn('form_none', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.dropTable('team_members').execute();
  await db.schema.dropTable('teams').execute();
}
