import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@bauakte/domain';
import { hashPassword } from '../auth/password';
import { createUserRepository } from '../db/users-repository';
import { bearer, createTestContext, startInstancesOnPostgres, testDialects, type SharedInstances, type TestContext } from '../../test/test-app';

/** A request to one instance. */
type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** Usernames of the customers the architect's list shows (their own and their team-mates'). */
const customersOf = async (inject: Inject, token: string, username: string) => {
  const response = await inject({ method: 'GET', url: `/api/ClientManagment/${username}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Customer[]>().map((customer) => customer.username);
};

/** A team 'Graz' with Mara and Tom, and Tom's customer 'kunde'; returns the tokens of Mara and the admin. */
async function officeOf(inject: Inject, createUser: (user: Parameters<TestContext['createUser']>[0]) => Promise<number>, login: (u: string, p: string) => Promise<string>) {
  await createUser({ username: 'chef', password: 'chef-passwort', role: 'ADMIN' });
  await createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
  const tom = await createUser({ username: 'tom', password: 'tom-passwort', role: 'ARCHI' });
  await createUser({ username: 'kunde', role: 'CLIENT', createdById: tom });
  const admin = await login('chef', 'chef-passwort');
  const as = { headers: bearer(admin) };
  expect((await inject({ method: 'POST', url: '/api/team/create', payload: { name: 'Graz' }, ...as })).statusCode).toBe(201);
  for (const username of ['mara', 'tom']) {
    expect((await inject({ method: 'POST', url: '/api/team/addMembers?teamName=Graz', payload: { username }, ...as })).statusCode).toBe(200);
  }
  return { mara: await login('mara', 'mara-passwort'), admin };
}

describe.each(testDialects)('whom an architect works with, kept briefly in memory, on %s', (dialect) => {
  let ctx: TestContext;
  let tokens: { mara: string; admin: string };
  const inject: Inject = (options) => ctx.app.inject(options);

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { SESSION_CACHE_SECONDS: '1' } });
    tokens = await officeOf(inject, (user) => ctx.createUser(user), (u, p) => ctx.login(u, p));
  });
  afterAll(() => ctx.close());

  it("shows a team-mate's customers, and hides them at once when the administrator removes the team-mate", async () => {
    expect(await customersOf(inject, tokens.mara, 'mara')).toEqual(['kunde']);
    const removed = await inject({ method: 'DELETE', url: '/api/team/remove?teamName=Graz&username=tom', headers: bearer(tokens.admin) });
    expect(removed.statusCode).toBe(204);
    expect(await customersOf(inject, tokens.mara, 'mara')).toEqual([]);
    const added = await inject({ method: 'POST', url: '/api/team/addMembers?teamName=Graz', payload: { username: 'tom' }, headers: bearer(tokens.admin) });
    expect(added.statusCode).toBe(200);
    expect(await customersOf(inject, tokens.mara, 'mara')).toEqual(['kunde']);
    expect((await inject({ method: 'DELETE', url: '/api/team/delete?name=Graz', headers: bearer(tokens.admin) })).statusCode).toBe(204);
    expect(await customersOf(inject, tokens.mara, 'mara')).toEqual([]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers from memory for at most SESSION_CACHE_SECONDS when the database changes behind its back', async () => {
    // The entries' lifetime runs on fake time: it passes only when the test moves the clock.
    vi.useFakeTimers({ toFake: ['performance'] });
    const db = ctx.database.db;
    // A change of the teams through the service empties the cache: mara's scope is read, and kept, from now on.
    expect((await inject({ method: 'POST', url: '/api/team/create', payload: { name: 'Salzburg' }, headers: bearer(tokens.admin) })).statusCode).toBeLessThan(300);
    expect((await inject({ method: 'POST', url: '/api/team/addMembers?teamName=Salzburg', payload: { username: 'tom' }, headers: bearer(tokens.admin) })).statusCode).toBe(200);
    expect(await customersOf(inject, tokens.mara, 'mara')).toEqual([]);
    const team = await db.insertInto('teams').values({ name: 'Linz', createdAt: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    const [mara, tom] = await Promise.all(['mara', 'tom'].map(async (username) => (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id));
    // Written past the service, so no instance hears of it: only the entry's lifetime ends it.
    await db.insertInto('teamMembers').values([{ teamId: team.id, userId: mara!, addedAt: 'x' }, { teamId: team.id, userId: tom!, addedAt: 'x' }]).execute();
    expect(await customersOf(inject, tokens.mara, 'mara')).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(await customersOf(inject, tokens.mara, 'mara')).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(await customersOf(inject, tokens.mara, 'mara')).toEqual(['kunde']);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('whom an architect works with, across two instances on one PostgreSQL database', () => {
  const cacheSeconds = 30;
  let shared: SharedInstances;
  let tokens: { mara: string; admin: string };

  beforeAll(async () => {
    // The longest cache lifetime: what A shows before it ends, B told it.
    shared = await startInstancesOnPostgres(2, { env: { SESSION_CACHE_SECONDS: String(cacheSeconds) } });
    const users = createUserRepository(shared.database.db);
    const now = new Date().toISOString();
    const createUser = async ({ password, role = 'ARCHI', ...user }: Parameters<TestContext['createUser']>[0]) =>
      users.insert({ role, status: 'ACTIVE', passwordHash: password ? await hashPassword(password) : null, createdAt: now, updatedAt: now, ...user });
    const login = async (username: string, password: string) =>
      (await shared.instances[0]!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } })).json<{ token: string }>().token;
    tokens = await officeOf((options) => shared.instances[1]!.app.inject(options), createUser, login);
  });
  afterAll(() => shared.close());

  it('hides on A the customers of a team-mate removed on B, though A had just read the team, long before its entry would end', async () => {
    const onA: Inject = (options) => shared.instances[0]!.app.inject(options);
    expect(await customersOf(onA, tokens.mara, 'mara')).toEqual(['kunde']);
    const started = performance.now();
    const removed = await shared.instances[1]!.app.inject({ method: 'DELETE', url: '/api/team/remove?teamName=Graz&username=tom', headers: bearer(tokens.admin) });
    expect(removed.statusCode).toBe(204);
    await expect.poll(() => customersOf(onA, tokens.mara, 'mara'), { timeout: cacheSeconds * 1000, interval: 5 }).toEqual([]);
    expect(performance.now() - started).toBeLessThan(cacheSeconds * 1000);
  });
});
