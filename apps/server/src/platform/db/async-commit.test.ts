import type pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, connectPostgres, createTestContext, type TestContext } from '../../test/test-app';
import { asyncCommitPoolSize, openDatabase } from './database';
import { writePermitsFor } from './write-permits';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('the asynchronous-commit pool', () => {
  it('is a fifth of the main pool, at least one connection', () => {
    expect(asyncCommitPoolSize(20)).toBe(4);
    expect(asyncCommitPoolSize(4)).toBe(1);
    expect(asyncCommitPoolSize(1)).toBe(1);
  });

  it('is the one database on SQLite', () => {
    const database = openDatabase({ sqliteFile: ':memory:' });
    expect(database.asyncCommitDb).toBe(database.db);
    return database.close();
  });

  it.runIf(Boolean(postgresUrl))('commits without waiting for the flush on PostgreSQL, and only there', async () => {
    const database = openDatabase({ databaseUrl: postgresUrl });
    // The camel-case plugin renames the answer's column.
    const setting = async (db: typeof database.db) => (await sql<{ synchronousCommit: string }>`show synchronous_commit`.execute(db)).rows[0]!.synchronousCommit;
    try {
      expect(await setting(database.asyncCommitDb)).toBe('off');
      expect(await setting(database.db)).toBe('on');
    } finally {
      await database.close();
    }
  });
});

/**
 * While every write permit is taken by commits that wait (here for a row another session holds; under
 * load, for a slow WAL flush), opening a project and marking a chat read still answer: their marks
 * go through the asynchronous-commit pool.
 */
describe.runIf(Boolean(postgresUrl))('opening a project while the writes wait (PostgreSQL)', () => {
  let ctx: TestContext;
  let outside: pg.Client;
  const tokens: Record<string, string> = {};
  let projectId: number;
  /** The row the waiting writes wait for: another project (the mark's key references the opened one). */
  let otherProjectId: number;
  let chatId: number;

  beforeAll(async () => {
    ctx = await createTestContext('postgres');
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara });
    for (const name of ['mara', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Haus Huber', assignedUser: 'kunde' } });
    projectId = created.json<{ id: number }>().id;
    const other = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Haus Gruber', assignedUser: 'kunde' } });
    otherProjectId = other.json<{ id: number }>().id;
    const chat = await ctx.app.inject({
      method: 'POST',
      url: '/api/MessageManagment/createChat',
      headers: bearer(tokens.kunde!),
      payload: { message: 'Grüß Gott!', senderUsername: 'kunde', receiverUsername: 'mara' },
    });
    chatId = chat.json<{ chatId: number }>().chatId;
    outside = await connectPostgres();
  });
  afterAll(async () => {
    await outside.end();
    await ctx.close();
  });

  it("answers the project's details and marks the chat read while all write permits wait", async () => {
    const schema = ctx.database.postgres!.schema!;
    const permits = writePermitsFor(20);
    await outside.query('begin');
    await outside.query(`select id from ${schema}.projects where id = $1 for update`, [otherProjectId]);
    const writes = Array.from({ length: permits + 2 }, () => sql`update projects set name = name where id = ${otherProjectId}`.execute(ctx.database.db));
    try {
      // The writes wait until the row's lock is released, which happens only after these answers: the bound just names the failure.
      const within = <T>(work: Promise<T>) => Promise.race([work, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 30_000))]);
      const details = await within(ctx.app.inject({ method: 'GET', url: `/api/DashboardClient/project/${projectId}`, headers: bearer(tokens.mara!) }));
      expect(details).not.toBe('waited');
      expect(details !== 'waited' && details.statusCode).toBe(200);
      const read = await within(ctx.app.inject({ method: 'PUT', url: `/api/MessageManagment/${chatId}/read`, headers: bearer(tokens.mara!) }));
      expect(read !== 'waited' && read.json()).toEqual({ marked: 1 });
    } finally {
      await outside.query('commit');
      await Promise.all(writes);
    }
    // The mark is there for the next reader: the project is no longer news to mara.
    const news = await ctx.app.inject({ method: 'GET', url: '/api/ProjectManagment/dash/mara', headers: bearer(tokens.mara!) });
    expect(news.json<{ id: number }[]>().map((project) => project.id)).not.toContain(projectId);
  });
});
