import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../database';
import { migrations } from './index';

describe('the username-key migration on an installation with users', () => {
  it('gives every existing user the key of their name and keeps look-alike names from being added', async () => {
    const { db, close } = openDatabase({ sqliteFile: ':memory:' });
    try {
      const before = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await before.migrateTo('2026-11-23T1200-chat')).error).toBeUndefined();
      const now = new Date().toISOString();
      await sql`insert into users (username, role, status, created_at, updated_at) values ('Mara', 'ARCHI', 'ACTIVE', ${now}, ${now}), ('huber', 'CLIENT', 'INVITED', ${now}, ${now})`.execute(db);

      await migrateToLatest(db);

      const rows = await db.selectFrom('users').select(['username', 'usernameKey']).orderBy('id').execute();
      expect(rows).toEqual([{ username: 'Mara', usernameKey: 'mara' }, { username: 'huber', usernameKey: 'huber' }]);
      await expect(sql`insert into users (username, username_key, role, status, created_at, updated_at) values ('MARA', 'mara', 'ARCHI', 'ACTIVE', ${now}, ${now})`.execute(db)).rejects.toThrow(/UNIQUE/);
    } finally {
      await close();
    }
  });
});
