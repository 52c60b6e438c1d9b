import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../database';
import { migrations } from './index';

describe('the file-versions migration on an installation with files', () => {
  it('makes every existing file a plan of its own in version 1, and two versions of a plan can never share a number', async () => {
    const { db, close } = openDatabase({ sqliteFile: ':memory:' });
    try {
      const before = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await before.migrateTo('2026-11-26T1710-mail-outbox')).error).toBeUndefined();
      const now = new Date().toISOString();
      await sql`insert into projects (name, changed_at, created_at, updated_at) values ('Altbau', ${now}, ${now}, ${now})`.execute(db);
      for (const key of ['projects/1/a', 'projects/1/b']) {
        await sql`insert into project_files (project_id, storage_key, name, original_name, document_type, content_type, size, uploaded_by_name, uploaded_at)
          values (1, ${key}, 'Plan', 'plan.pdf', 'PDF', 'application/pdf', 10, 'Mara', ${now})`.execute(db);
      }

      await migrateToLatest(db);

      const rows = await db.selectFrom('projectFiles').select(['id', 'planId', 'version']).orderBy('id').execute();
      expect(rows).toEqual([{ id: 1, planId: 1, version: 1 }, { id: 2, planId: 2, version: 1 }]);
      await expect(sql`update project_files set plan_id = 1 where id = 2`.execute(db)).rejects.toThrow(/UNIQUE/);
    } finally {
      await close();
    }
  });
});
