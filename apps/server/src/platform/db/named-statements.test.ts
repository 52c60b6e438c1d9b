import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { withPostgres } from '../../test/test-app';
import { withNamedStatements } from './named-statements';

const postgresUrl = process.env.TEST_DATABASE_URL;

interface Tables {
  things: { id: number; label: string };
}

describe.runIf(Boolean(postgresUrl))('named statements on PostgreSQL', () => {
  const schema = `named_${process.pid}_${Date.now()}`;
  const opened: Kysely<Tables>[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()));
    await withPostgres((client) => client.query(`drop schema if exists ${schema} cascade`));
  });

  /** Kysely on one connection, as the server opens it (openPostgres), over a fresh table. */
  const open = async (limit?: number) => {
    await withPostgres(async (client) => {
      await client.query(`create schema ${schema}`);
      await client.query(`create table ${schema}.things (id integer primary key, label text not null)`);
      await client.query(`insert into ${schema}.things values (1, 'Dach'), (2, 'Fenster')`);
    });
    const pool = new pg.Pool({ connectionString: postgresUrl, max: 1, options: `-c search_path=${schema}` });
    // As openPostgres does: a connection the database ends is reported on the pool, and unheard that ends the test run.
    pool.on('error', () => undefined);
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, limit) }), plugins: [new CamelCasePlugin()] });
    opened.push(db);
    return db;
  };
  const prepared = async (db: Kysely<Tables>) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements order by statement`.execute(db)).rows.map((row) => row.statement);

  it('prepares each statement once per connection and answers it with the values of each call', async () => {
    const db = await open();
    const label = (id: number) => db.selectFrom('things').select('label').where('id', '=', id).executeTakeFirst();
    expect(await label(1)).toEqual({ label: 'Dach' });
    expect(await label(2)).toEqual({ label: 'Fenster' });
    expect(await label(3)).toBeUndefined();
    const statements = await prepared(db);
    expect(statements.filter((statement) => statement.includes('from "things"'))).toEqual(['select "label" from "things" where "id" = $1']);
  });

  it('sends statements unnamed once the limit of named ones is reached', async () => {
    const db = await open(2);
    for (const id of [1, 2]) await db.selectFrom('things').select(sql.raw(`${id}`).as('n')).execute();
    expect(await db.selectFrom('things').select('label').where('id', '=', 2).executeTakeFirst()).toEqual({ label: 'Fenster' });
    expect((await prepared(db)).length).toBe(2);
  });

  it('fails one request, not every later one, when another instance changes a table a prepared statement reads', async () => {
    const db = await open();
    const all = () => db.selectFrom('things').selectAll().orderBy('id').execute();
    expect(await all()).toEqual([{ id: 1, label: 'Dach' }, { id: 2, label: 'Fenster' }]);
    await withPostgres((client) => client.query(`alter table ${schema}.things add column floor integer not null default 0`));
    await expect(all()).rejects.toThrow(/cached plan/);
    expect(await all()).toEqual([{ id: 1, label: 'Dach', floor: 0 }, { id: 2, label: 'Fenster', floor: 0 }]);
    expect(await all()).toHaveLength(2);
  });
});
