import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../database';
import { testDialects, withPostgres } from '../../../test/test-app';
import { migrations } from './index';

/** A database of the dialect with no tables yet (SQLite in memory, or a PostgreSQL schema of its own). */
async function emptyDatabase(dialect: string): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (dialect === 'sqlite') return { database: openDatabase({ sqliteFile: ':memory:' }), drop: async () => {} };
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  await withPostgres((client) => client.query(`create schema ${schema}`));
  const database = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, postgresSchema: schema });
  return { database, drop: () => withPostgres((client) => client.query(`drop schema ${schema} cascade`)).then(() => {}) };
}

describe.each(testDialects)('the item-photos migration on %s', (dialect) => {
  it("carries a pin's single photo over to its photos and keeps pins without one without", async () => {
    const { database, drop } = await emptyDatabase(dialect);
    const { db } = database;
    try {
      const before = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await before.migrateTo('2026-12-08T0900-question-follow-ups')).error).toBeUndefined();
      const now = new Date().toISOString();
      await sql`insert into projects (name, changed_at, created_at, updated_at) values ('Altbau', ${now}, ${now}, ${now})`.execute(db);
      const projectId = (await db.selectFrom('projects').select('id').executeTakeFirstOrThrow()).id;
      const fileIds: number[] = [];
      for (const [key, type] of [['projects/1/plan', 'PDF'], ['projects/1/foto', 'JPG']] as const) {
        await sql`insert into project_files (project_id, storage_key, name, original_name, document_type, content_type, size, uploaded_by_name, uploaded_at, version)
          values (${projectId}, ${key}, 'Datei', 'datei', ${type}, 'image/jpeg', 10, 'Mara', ${now}, 1)`.execute(db);
        const id = (await db.selectFrom('projectFiles').select('id').where('storageKey', '=', key).executeTakeFirstOrThrow()).id;
        await sql`update project_files set plan_id = ${id} where id = ${id}`.execute(db);
        fileIds.push(id);
      }
      const [planId, photoId] = fileIds as [number, number];
      for (const [number, photo] of [[1, photoId], [2, null]] as const) {
        await sql`insert into plan_pins (project_id, file_id, page, x, y, number, comment, photo_file_id, created_by_name, created_at, updated_at)
          values (${projectId}, ${planId}, 1, 0.5, 0.5, ${number}, 'Riss', ${photo}, 'Mara', ${now}, ${now})`.execute(db);
      }

      await migrateToLatest(db);

      const links = await db.selectFrom('itemPhotos').innerJoin('planPins', 'planPins.id', 'itemPhotos.pinId').select(['planPins.number', 'itemPhotos.fileId', 'itemPhotos.replyId']).execute();
      expect(links).toEqual([{ number: 1, fileId: photoId, replyId: null }]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
