import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageWindow } from './database';

/**
 * People (the `users` table in the query) in name order, case folded: last name, first name,
 * username, then id so that pages never overlap. With a window, only that page. The customer list
 * and the chat partners share it, so both list the same person at the same place.
 */
export function inNameOrder<DB, TB extends keyof DB, O>(people: SelectQueryBuilder<DB, TB, O>, window?: PageWindow): SelectQueryBuilder<DB, TB, O> {
  const ordered = people.orderBy(sql`lower(users.last_name)`).orderBy(sql`lower(users.first_name)`).orderBy(sql`lower(users.username)`).orderBy(sql`users.id`);
  return window ? ordered.limit(window.limit).offset(window.offset) : ordered;
}
