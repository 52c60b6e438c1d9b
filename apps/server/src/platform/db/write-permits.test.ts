import type pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../test/test-app';
import { openDatabase, type DatabaseHandle } from './database';
import { isWrite, writePermitsFor } from './write-permits';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('which statements wait for a write permit', () => {
  it('lets plain selects pass and counts everything else as a write', () => {
    expect(isWrite('select "answers" from "questionnaire_answers" where "project_id" = $1')).toBe(false);
    expect(isWrite('  SELECT count(*) from chats')).toBe(false);
    for (const statement of ['begin', 'insert into "chat_messages" ("body") values ($1)', 'update "projects" set "name" = $1', 'delete from "chats"', 'with "saved" as (insert into x values (1)) update y set z = 1']) {
      expect(isWrite(statement), statement).toBe(true);
    }
    expect(isWrite('select "id" from "projects" where "id" = $1 for update')).toBe(true);
    expect(isWrite('select "id" from "projects" where "id" = $1 for no key update')).toBe(true);
  });

  it('keeps a quarter of the pool (at least one connection) for reads, and always allows one write', () => {
    expect(writePermitsFor(20)).toBe(15);
    expect(writePermitsFor(4)).toBe(3);
    expect(writePermitsFor(2)).toBe(1);
    expect(writePermitsFor(1)).toBe(1);
  });
});

describe.runIf(Boolean(postgresUrl))('reads while the writes wait (PostgreSQL)', () => {
  const schema = `test_permits_${process.pid}`;
  let database: DatabaseHandle;
  let outside: pg.Client;
  // pg_stat_activity holds still within a transaction: looked at from a session of its own.
  let watcher: pg.Client;

  beforeAll(async () => {
    outside = await connectPostgres();
    watcher = await connectPostgres();
    await outside.query(`create schema ${schema}`);
    await outside.query(`create table ${schema}.counters (id int primary key, n int not null)`);
    await outside.query(`insert into ${schema}.counters values (1, 0)`);
    // Four connections: three for writes, one kept for reads.
    database = openDatabase({ databaseUrl: postgresUrl, postgresSchema: schema, postgresPoolSize: 4 });
  });
  afterAll(async () => {
    await database.close();
    await outside.query(`drop schema ${schema} cascade`);
    await outside.end();
    await watcher.end();
  });

  const waitingWrites = async () =>
    Number((await watcher.query(`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'update%counters%'`)).rows[0].n);

  it('answers a read while more writes than the pool has connections wait, and lets no more than the permits in at once', async () => {
    // Another session holds the row, as a commit waiting for a slow disk would: every write waits.
    await outside.query('begin');
    await outside.query(`select * from ${schema}.counters where id = 1 for update`);
    const writes = Array.from({ length: 6 }, () => sql`update counters set n = n + 1 where id = 1`.execute(database.db));
    try {
      await expect.poll(waitingWrites).toBe(3);
      // Without permits the read would wait for the row's lock, which is released only after it: the bound just names the failure.
      const read = sql<{ n: number }>`select n from counters where id = 1`.execute(database.db);
      const answer = await Promise.race([read, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 30_000))]);
      expect(answer).not.toBe('waited');
      expect(await waitingWrites()).toBe(3);
    } finally {
      await outside.query('commit');
    }
    await Promise.all(writes);
    const after = await sql<{ n: number }>`select n from counters where id = 1`.execute(database.db);
    expect(after.rows[0]!.n).toBe(6);
  });

  it('runs a transaction under one permit and gives it back, also when the transaction fails', async () => {
    await expect(database.db.transaction().execute(async (trx) => {
      await sql`update counters set n = n + 1 where id = 1`.execute(trx);
      throw new Error('abgebrochen');
    })).rejects.toThrow('abgebrochen');
    // All three permits are free again: three transactions hold rows at once, each waiting for a lock the test holds.
    await outside.query('select pg_advisory_lock(4711)');
    const held = Array.from({ length: 3 }, (_, index) =>
      database.db.transaction().execute(async (trx) => {
        await sql`insert into counters values (${10 + index}, 0)`.execute(trx);
        await sql`select pg_advisory_xact_lock_shared(4711)`.execute(trx);
      }),
    );
    const waiting = async () =>
      Number((await watcher.query(`select count(*) as n from pg_stat_activity where query = 'select pg_advisory_xact_lock_shared(4711)' and wait_event_type = 'Lock'`)).rows[0].n);
    try {
      await expect.poll(waiting, { interval: 20 }).toBe(3);
    } finally {
      await outside.query('select pg_advisory_unlock(4711)');
    }
    await Promise.all(held);
    const rows = await sql<{ n: number }>`select count(*)::int as n from counters`.execute(database.db);
    expect(rows.rows[0]!.n).toBe(4);
  });
});
