import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openAndMigrate } from './open';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-statistics-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The plan SQLite picks for the customer list's filter: which index it reads the clients through. */
const customerListPlan = (db: Awaited<ReturnType<typeof openAndMigrate>>['db']) =>
  sql<{ detail: string }>`explain query plan select id from users where role = 'CLIENT' and created_by_id in (2, 3)`.execute(db).then((result) => result.rows.map((row) => row.detail).join(' | '));

describe('planner statistics on SQLite', () => {
  it('are gathered when the server opens an installation that has none, so the customer list reads through the architect index', async () => {
    const first = await openAndMigrate(undefined, dataDir);
    const now = new Date().toISOString();
    // Users in bulk, as an import or the demo seed writes them: 20 architects with 149 clients each.
    const users = Array.from({ length: 3000 }, (_, index) => ({
      username: `person${index}`,
      usernameKey: `person${index}`,
      role: index < 20 ? ('ARCHI' as const) : ('CLIENT' as const),
      status: 'ACTIVE' as const,
      createdById: index < 20 ? null : 1 + (index % 20),
      createdAt: now,
      updatedAt: now,
    }));
    for (let start = 0; start < users.length; start += 500) await first.db.insertInto('users').values(users.slice(start, start + 500)).execute();
    expect(await customerListPlan(first.db)).toContain('users_role_key_idx');
    await first.close();

    const reopened = await openAndMigrate(undefined, dataDir);
    try {
      const gathered = await sql<{ tbl: string }>`select tbl from sqlite_stat1`.execute(reopened.db);
      expect(gathered.rows.map((row) => row.tbl)).toContain('users');
      expect(await customerListPlan(reopened.db)).toContain('users_created_by_idx');
    } finally {
      await reopened.close();
    }
  });
});
