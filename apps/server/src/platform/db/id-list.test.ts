import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import { openTestDatabase, testDialects } from '../../test/test-app';
import type { DatabaseHandle, Db } from './database';
import { amongIds, idAmong, idList, type IdList } from './id-list';
import { preparedQuery } from './prepared-query';

// Built once, run with lists of every length: the statement must not change with the list.
const usernamesAmong = preparedQuery((db: Db, ids: IdList) =>
  db.selectFrom('users').select('username').where(amongIds(db, sql.ref('users.id'), ids)).orderBy('username'),
);

// The two newest users among the ids, looked up by the page of ids a subquery chose.
const newestTwoAmong = preparedQuery((db: Db, ids: IdList, limit: number) => {
  const chosen = db.selectFrom('users').select('users.id').where(amongIds(db, sql.ref('users.id'), ids)).orderBy('users.id', 'desc').limit(limit);
  return db.selectFrom('users').select('username').where(idAmong(db, sql.ref('users.id'), chosen)).orderBy('users.id');
});

describe.each(testDialects)('lists of ids as one parameter (%s)', (dialect) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const sent: CompiledQuery[] = [];
  const ids: number[] = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(dialect, (query) => sent.push(query)));
    const now = new Date().toISOString();
    for (const username of ['anna', 'bert', 'cora', 'dora']) {
      const row = await database.db
        .insertInto('users')
        .values({ username, usernameKey: username, role: 'ARCHI', status: 'ACTIVE', createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('finds exactly the listed rows, for no, one and several ids, with one statement text', async () => {
    const { db } = database;
    sent.length = 0;
    expect(await usernamesAmong.execute(db, idList(db, []))).toEqual([]);
    expect(await usernamesAmong.execute(db, idList(db, [ids[1]!]))).toEqual([{ username: 'bert' }]);
    expect(await usernamesAmong.execute(db, idList(db, [ids[3]!, ids[0]!, 999_999]))).toEqual([{ username: 'anna' }, { username: 'dora' }]);
    const texts = new Set(sent.filter((query) => query.sql.includes('"username"')).map((query) => query.sql));
    expect(texts.size).toBe(1);
  });

  it('joins the rows a subquery chose, and only those', async () => {
    const { db } = database;
    expect(await newestTwoAmong.execute(db, idList(db, ids.slice(0, 3)), 2)).toEqual([{ username: 'bert' }, { username: 'cora' }]);
    expect(await newestTwoAmong.execute(db, idList(db, ids), 1)).toEqual([{ username: 'dora' }]);
  });
});
