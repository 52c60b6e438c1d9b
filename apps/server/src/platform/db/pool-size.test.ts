import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../test/test-app';
import { defaultPostgresPoolSize, openDatabase, type DatabaseHandle } from './database';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(postgresUrl))('the PostgreSQL pool (DATABASE_POOL_SIZE)', () => {
  const opened: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
  });

  /**
   * The backends that answered `count` statements asked at once, each holding its connection until
   * `holding` of them wait for a lock the test holds; then the lock is let go.
   */
  async function backendsFor(database: DatabaseHandle, count: number, holding: number): Promise<number> {
    const statement = 'select pg_backend_pid() as pid, pg_advisory_xact_lock_shared(4712)';
    const holder = await connectPostgres();
    try {
      await holder.query('select pg_advisory_lock(4712)');
      const answers = Array.from({ length: count }, () => sql<{ pid: number }>`${sql.raw(statement)}`.execute(database.db).then((result) => result.rows[0]!.pid));
      const waiting = async () => Number((await holder.query(`select count(*) as n from pg_stat_activity where query = $1 and wait_event_type = 'Lock'`, [statement])).rows[0].n);
      await expect.poll(waiting, { interval: 20 }).toBe(holding);
      await holder.query('select pg_advisory_unlock(4712)');
      return new Set(await Promise.all(answers)).size;
    } finally {
      await holder.end();
    }
  }

  it('runs as many statements at once as it has connections, and no more', async () => {
    const two = openDatabase({ databaseUrl: postgresUrl, postgresPoolSize: 2 });
    const standard = openDatabase({ databaseUrl: postgresUrl });
    opened.push(two, standard);
    expect(await backendsFor(two, 6, 2)).toBe(2);
    // More than the 10 connections the pool had before: a project page's seven calls from two people.
    expect(await backendsFor(standard, 14, 14)).toBe(14);
    expect(defaultPostgresPoolSize).toBeGreaterThanOrEqual(14);
  });
});
