import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPostgresPoolSize, openDatabase, type DatabaseHandle } from './database';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(postgresUrl))('the PostgreSQL pool (DATABASE_POOL_SIZE)', () => {
  const opened: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
  });

  /** The backends that answered `count` statements asked at once, each holding its connection a moment. */
  async function backendsFor(database: DatabaseHandle, count: number): Promise<number> {
    const rows = await Promise.all(
      Array.from({ length: count }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.15)`.execute(database.db).then((result) => result.rows[0]!.pid)),
    );
    return new Set(rows).size;
  }

  it('runs as many statements at once as it has connections, and no more', async () => {
    const two = openDatabase({ databaseUrl: postgresUrl, postgresPoolSize: 2 });
    const standard = openDatabase({ databaseUrl: postgresUrl });
    opened.push(two, standard);
    expect(await backendsFor(two, 6)).toBe(2);
    // More than the 10 connections the pool had before: a project page's seven calls from two people.
    expect(await backendsFor(standard, 14)).toBe(14);
    expect(defaultPostgresPoolSize).toBeGreaterThanOrEqual(14);
  });
});
