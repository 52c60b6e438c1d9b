import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../migration-helpers';

/**
 * PostgreSQL: a project's searchable text and a person's names, folded as foldCase folds them, kept
 * by the database itself (generated columns). Otherwise a search folds the text of every project in
 * the office on every request, its time nearly all in lower() and replace(); matching the stored
 * text takes a fraction of that. SQLite folds with an application function (fold_case), which a
 * generated column must not depend on, and searches fast enough without.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table projects add column search_key text generated always as (replace(lower(
    coalesce(name, '') || ' ' || street || ' ' || house_number || ' ' || postal_code || ' ' || city || ' ' || coalesce(cast(katastral as text), '')
  ), 'ß', 'ss')) stored`.execute(db);
  await sql`alter table users add column name_key text generated always as (replace(lower(
    coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(username, '')
  ), 'ß', 'ss')) stored`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table users drop column name_key`.execute(db);
  await sql`alter table projects drop column search_key`.execute(db);
}
