import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../database';
import { migrations } from './index';

describe('the SQLite search-key migration on an installation with projects', () => {
  it('folds the texts of existing projects and customers, and keeps them folded as they change', async () => {
    const { db, close } = openDatabase({ sqliteFile: ':memory:' });
    try {
      const before = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await before.migrateTo('2026-11-25T1310-search-keys')).error).toBeUndefined();
      const now = new Date().toISOString();
      await sql`insert into users (username, username_key, first_name, last_name, role, status, created_at, updated_at)
        values ('joe', 'joe', 'Jörg', 'ÖZTÜRK', 'CLIENT', 'ACTIVE', ${now}, ${now})`.execute(db);
      await sql`insert into projects (name, street, house_number, postal_code, city, katastral, assigned_user_id, changed_at, created_at, updated_at)
        values ('Ölmühle', 'Große Straße', '7a', '8010', 'Graz', 63101, 1, ${now}, ${now}, ${now})`.execute(db);

      await migrateToLatest(db);

      const keys = async () => ({
        project: (await db.selectFrom('projects').select('searchKey').executeTakeFirstOrThrow()).searchKey,
        user: (await db.selectFrom('users').select('nameKey').executeTakeFirstOrThrow()).nameKey,
      });
      expect(await keys()).toEqual({ project: 'ölmühle grosse strasse 7a 8010 graz 63101', user: 'jörg öztürk joe' });

      await db.updateTable('projects').set({ street: 'WEISSE GASSE', katastral: null }).execute();
      await db.updateTable('users').set({ lastName: 'Weiß' }).execute();
      await db.insertInto('projects').values({ name: 'Zubau', city: 'Linz', changedAt: now, createdAt: now, updatedAt: now }).execute();
      expect(await keys()).toEqual({ project: 'ölmühle weisse gasse 7a 8010 graz ', user: 'jörg weiss joe' });
      const added = await db.selectFrom('projects').select('searchKey').where('name', '=', 'Zubau').executeTakeFirstOrThrow();
      expect(added.searchKey).toBe('zubau    linz ');
    } finally {
      await close();
    }
  });
});
