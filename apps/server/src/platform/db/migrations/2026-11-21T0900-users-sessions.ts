import { sql } from 'kysely';
import { withIdColumn, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('street', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('house_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('municipality', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('ADMIN', 'ARCHI', 'CLIENT')`))
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('INVITED', 'ACTIVE')`))
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Usernames are unique regardless of case: "Anna" and "anna" must not be two people.
  await db.schema
    .createIndex('users_username_lower_idx')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema.createIndex('users_created_by_idx').on('users').column('created_by_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
