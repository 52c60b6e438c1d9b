import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withPostgres } from '../../test/test-app';
import { openDatabase, type DatabaseHandle } from './database';
import { isDatabaseUnavailable } from './errors';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * A pooled connection the database ends while a request holds it (PostgreSQL restarting ends them
 * all; here one is ended on its own, on the shared server). Only that request fails; the process
 * lives on and the next requests get fresh connections.
 */
describe.skipIf(!postgresUrl)('a PostgreSQL connection lost while in use', () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  const open = () => {
    database = openDatabase({ databaseUrl: postgresUrl, postgresPoolSize: 2 });
    const lost: Error[] = [];
    database.onConnectionLost((error) => lost.push(error));
    return { db: database.db, lost };
  };
  const backendPid = async (trx: DatabaseHandle['db']) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
  const terminate = (pid: number) => withPostgres((client) => client.query('select pg_terminate_backend($1)', [pid]));

  it('fails the transaction whose connection ended between two statements, as unavailable, and the next ones work', async () => {
    const { db, lost } = open();
    const failed = db.transaction().execute(async (trx) => {
      const pid = await backendPid(trx);
      await terminate(pid);
      // The connection sits checked out and idle while the database ends it: node-pg reports that on the client.
      await expect.poll(() => lost.length, { timeout: 5_000 }).toBeGreaterThan(0);
      await sql`select 1`.execute(trx);
    });
    const error = await failed.catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Every connection of the pool answers: the broken one was not put back.
    const answers = await Promise.all(Array.from({ length: 6 }, () => sql<{ one: number }>`select 1 as one`.execute(db)));
    expect(answers.map((answer) => answer.rows[0]?.one)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('fails the statement running when its connection ends, as unavailable, and the next ones work', async () => {
    const { db } = open();
    const error = await sql`select pg_terminate_backend(pg_backend_pid())`.execute(db).catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('drops an idle pooled connection the database ended, and the next statement gets a fresh one', async () => {
    const { db, lost } = open();
    const pid = await backendPid(db);
    await terminate(pid);
    await expect.poll(() => lost.map((error) => (error as { code?: string }).code), { timeout: 5_000 }).toContain('57P01');
    expect(await backendPid(db)).not.toBe(pid);
  });

  it('names an unreachable database unavailable', async () => {
    database = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:9/none' });
    const error = await sql`select 1`.execute(database.db).catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe('what counts as the database being unavailable', () => {
  it('takes PostgreSQL shutting down, starting and connection errors, and node-pg losing a connection', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001']) expect(isDatabaseUnavailable({ code, message: 'x' })).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('does not take other failures for it: a refused constraint, or a refused socket of something else (S3, mail)', () => {
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
