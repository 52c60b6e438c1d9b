import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../migration-helpers';

/**
 * SQLite: the folded search texts PostgreSQL keeps since 2026-11-25T1310-search-keys, kept here by
 * triggers. A search with words folded every project of the office with fold_case, an application
 * function called row by row: 10 – 12 ms for the demo's 1,750 projects, during which the server's
 * one thread answered nothing else. Matching the stored text is SQLite's own LIKE.
 *
 * SQLite cannot add a stored generated column to a table, and its lower() folds only A–Z, so the
 * triggers call fold_case: every connection the server opens has it (database.ts). A connection
 * without it (the sqlite3 shell) can read these tables but not write the columns the keys follow.
 */
const projectText = (row: string) =>
  sql.raw(`fold_case(coalesce(${row}.name, '') || ' ' || ${row}.street || ' ' || ${row}.house_number || ' ' || ${row}.postal_code
    || ' ' || ${row}.city || ' ' || coalesce(cast(${row}.katastral as text), ''))`);
const nameText = (row: string) =>
  sql.raw(`fold_case(coalesce(${row}.first_name, '') || ' ' || coalesce(${row}.last_name, '') || ' ' || coalesce(${row}.username, ''))`);

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`alter table projects add column search_key text not null default ''`.execute(db);
  await sql`alter table users add column name_key text not null default ''`.execute(db);
  await sql`update projects set search_key = ${projectText('projects')}`.execute(db);
  await sql`update users set name_key = ${nameText('users')}`.execute(db);
  // Each trigger writes only its key, which no trigger follows: nothing recurses.
  await sql`create trigger projects_search_key_insert after insert on projects begin
    update projects set search_key = ${projectText('new')} where id = new.id; end`.execute(db);
  await sql`create trigger projects_search_key_update after update of name, street, house_number, postal_code, city, katastral on projects begin
    update projects set search_key = ${projectText('new')} where id = new.id; end`.execute(db);
  await sql`create trigger users_name_key_insert after insert on users begin
    update users set name_key = ${nameText('new')} where id = new.id; end`.execute(db);
  await sql`create trigger users_name_key_update after update of first_name, last_name, username on users begin
    update users set name_key = ${nameText('new')} where id = new.id; end`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['users_name_key_update', 'users_name_key_insert', 'projects_search_key_update', 'projects_search_key_insert']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`alter table users drop column name_key`.execute(db);
  await sql`alter table projects drop column search_key`.execute(db);
}
