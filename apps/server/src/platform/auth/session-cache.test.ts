import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuiltApp } from '../../app';
import { hashPassword } from './password';
import { createUserRepository } from '../db/users-repository';
import { bearer, createTestContext, startInstancesOnPostgres, testDialects, testJwtSecret, withPostgres, type SharedInstances, type TestContext } from '../../test/test-app';
import { connectStomp } from '../../test/stomp-client';
import { channelOf, createInProcessFanout } from '../fanout/fanout';
import { createSessionRepository } from './repository';
import { createSessionService } from './sessions';
import { createTokenService } from './tokens';
import { createSessionCache, type CachedSession } from './session-cache';
import type { SessionWithUser } from './repository';

const sessionOf = (token: string) => String(decodeJwt(token).jti);

describe.each(testDialects)('the session cache on %s', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.createUser({ username: 'mara', password: 'richtig-geheim', role: 'ARCHI', email: 'mara@example.at' });
    await ctx.createUser({ username: 'chef', password: 'admin-geheim', role: 'ADMIN' });
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  /** Two reads: the second is answered from the cache. */
  const cached = async (token: string) => {
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
  };

  it('refuses a cached token at once after its logout', async () => {
    const token = await ctx.login('mara', 'richtig-geheim');
    await cached(token);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/mara', headers: bearer(token) })).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('lets the first request after the unload beacon reach the database and cancel the end', async () => {
    const token = await ctx.login('mara', 'richtig-geheim');
    await cached(token);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/mara', payload: { token } })).statusCode).toBe(204);
    const endsAt = () => ctx.database.db.selectFrom('sessions').select('endsAt').where('id', '=', sessionOf(token)).executeTakeFirstOrThrow();
    expect((await endsAt()).endsAt).not.toBeNull();
    expect((await me(token)).statusCode).toBe(200);
    expect((await endsAt()).endsAt).toBeNull();
  });

  it('ends the other cached sessions at once when the password changes, and keeps the changing one', async () => {
    const changing = await ctx.login('mara', 'richtig-geheim');
    const other = await ctx.login('mara', 'richtig-geheim');
    await cached(other);
    await cached(changing);
    const update = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profil/mara',
      headers: bearer(changing),
      payload: {
        firstName: 'Mara',
        lastName: 'Berger',
        email: 'mara@example.at',
        phoneNumber: '+43 1 5555',
        address: { street: 'Ringstraße', number: '1', city: 'Wien', state: 'Wien', postalCode: '1010', country: 'Österreich', municipality: 'Innere Stadt' },
        password: 'Neues-Passwort-Lang-42',
        currentPassword: 'richtig-geheim',
      },
    });
    expect(update.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(changing)).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('users')
      .set({ passwordHash: await hashPassword('richtig-geheim') })
      .where('username', '=', 'mara')
      .execute();
  });

  it('refuses the cached tokens of a deleted account at once', async () => {
    await ctx.createUser({ username: 'weg', password: 'weg-geheim', role: 'ARCHI' });
    const deleting = await ctx.login('weg', 'weg-geheim');
    const other = await ctx.login('weg', 'weg-geheim');
    await cached(other);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/profil/weg', headers: bearer(deleting) })).statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('refuses a cached token once it has been idle for the idle time', async () => {
    const token = await ctx.login('mara', 'richtig-geheim');
    await cached(token);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ctx.config.sessionIdleMinutes * 60_000 + 1000);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe.each(testDialects)('the session cache with short lifetimes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { SESSION_CACHE_SECONDS: '1', SESSION_HOURS: '0.05' } });
    await ctx.createUser({ username: 'mara', password: 'richtig-geheim', role: 'ARCHI' });
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    vi.useRealTimers();
  });
  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('refuses a cached token from the instant it expires', async () => {
    const token = await ctx.login('mara', 'richtig-geheim');
    const expiresAt = Number(decodeJwt(token).exp) * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    // Half a minute before the end (of a three-minute session): the request is written as use, and the session cached.
    vi.setSystemTime(expiresAt - 30_000);
    expect((await me(token)).statusCode).toBe(200);
    vi.setSystemTime(expiresAt - 1);
    expect((await me(token)).statusCode).toBe(200);
    vi.setSystemTime(expiresAt + 1);
    expect((await me(token)).statusCode).toBe(401);
  });


  it('answers a verified session from memory for SESSION_CACHE_SECONDS, then asks the database again', async () => {
    // The cache's age runs on the monotonic clock, here on fake time.
    vi.useFakeTimers({ toFake: ['performance'] });
    const token = await ctx.login('mara', 'richtig-geheim');
    expect((await me(token)).statusCode).toBe(200);
    // Behind the application's back (no notice): only the cache still knows the session.
    await ctx.database.db.deleteFrom('sessions').where('id', '=', sessionOf(token)).execute();
    expect((await me(token)).statusCode).toBe(200);
    vi.advanceTimersByTime(999);
    expect((await me(token)).statusCode).toBe(200);
    vi.advanceTimersByTime(1);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('the session cache\'s bound', () => {
  const entry = (sessionId: string): CachedSession => ({
    session: { sessionId, userId: 1 } as SessionWithUser,
    usableUntil: Date.now() + 60_000,
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cache = createSessionCache({ maxEntries: 3, ttlMs: 60_000 });
    for (const token of ['a', 'b', 'c']) cache.store(token, entry(token), cache.epoch());
    expect(cache.get('a')).toBeDefined(); // now the most recently used
    cache.store('d', entry('d'), cache.epoch());
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((token) => cache.get(token)?.session.sessionId)).toEqual(['a', 'c', 'd']);
  });

  it('does not store a read that raced with a drop', () => {
    const cache = createSessionCache({ maxEntries: 3, ttlMs: 60_000 });
    const readAt = cache.epoch();
    cache.drop({ sessionIds: ['a'], userIds: [] });
    cache.store('a', entry('a'), readAt);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two instances on one PostgreSQL database', () => {
  const cacheSeconds = 30;
  let shared: SharedInstances;
  let instances: BuiltApp[] = [];

  beforeAll(async () => {
    // The longest cache lifetime: what is refused before it ends was told by the other instance.
    shared = await startInstancesOnPostgres(2, { listen: true, env: { SESSION_CACHE_SECONDS: String(cacheSeconds) } });
    instances = shared.instances;
    const now = new Date().toISOString();
    await createUserRepository(shared.database.db).insert({
      username: 'mara',
      role: 'ARCHI',
      status: 'ACTIVE',
      passwordHash: await hashPassword('richtig-geheim'),
      createdAt: now,
      updatedAt: now,
    });
  });
  afterAll(() => shared.close());

  const instance = (index: number) => ({
    app: () => instances[index]!.app,
    me: (token: string) => instances[index]!.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }),
  });
  const [a, b] = [instance(0), instance(1)];
  const login = async () =>
    (await a.app().inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'mara', password: 'richtig-geheim' } })).json<{ token: string }>().token;

  it('refuses on A a token cached there and logged out on B, long before the cache would forget it', async () => {
    const token = await login();
    expect((await a.me(token)).statusCode).toBe(200);
    expect((await a.me(token)).statusCode).toBe(200);
    expect((await b.me(token)).statusCode).toBe(200);
    const started = performance.now();
    expect((await b.app().inject({ method: 'POST', url: '/api/auth/logout/mara', headers: bearer(token) })).statusCode).toBe(204);
    await expect.poll(async () => (await a.me(token)).statusCode, { timeout: cacheSeconds * 1000, interval: 5 }).toBe(401);
    expect(performance.now() - started).toBeLessThan(cacheSeconds * 1000);
  });

  it('closes on A a live connection whose session was logged out on B', async () => {
    const token = await login();
    const address = instances[0]!.app.server.address();
    const stomp = connectStomp(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, token);
    await stomp.connected;
    await b.app().inject({ method: 'POST', url: '/api/auth/logout/mara', headers: bearer(token) });
    // Closed by the session check once the logout is known on A; left open, the test runs out of time.
    await stomp.closed;
    await stomp.close();
  });

  it('forgets everything cached when the LISTEN connection is lost, since notices may be missed', async () => {
    const token = await login();
    expect((await a.me(token)).statusCode).toBe(200);
    const fanout = instances[0]!.fanout;
    const gaps: string[] = [];
    fanout.onGap(() => gaps.push(fanout.listening ? 'back' : 'lost'));
    // Both instances' LISTEN connections of this schema go; a revocation meanwhile sends no notice.
    await withPostgres((admin) => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [channelOf(shared.database.postgres?.schema)]));
    await expect.poll(() => fanout.listening, { interval: 20 }).toBe(false);
    expect(gaps).toEqual(['lost']);
    await shared.database.db.updateTable('sessions').set({ revokedAt: new Date().toISOString() }).where('id', '=', sessionOf(token)).execute();
    expect((await a.me(token)).statusCode).toBe(401);
    // Reconnected; the cache serves again.
    await expect.poll(() => fanout.listening, { interval: 20 }).toBe(true);
    expect(gaps).toEqual(['lost', 'back']);
    const fresh = await login();
    expect((await a.me(fresh)).statusCode).toBe(200);
    expect((await b.app().inject({ method: 'POST', url: '/api/auth/logout/mara', headers: bearer(fresh) })).statusCode).toBe(204);
    await expect.poll(async () => (await a.me(fresh)).statusCode, { interval: 20 }).toBe(401);
  });
});

describe.each(testDialects)('reads of one token that arrive together, on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.createUser({ username: 'mara', password: 'richtig-geheim', role: 'ARCHI' });
  });
  afterAll(() => ctx.close());

  /** The session service on the test database, with the database's session look-ups counted and, when asked, held back. */
  const countedService = () => {
    const repository = createSessionRepository(ctx.database.db);
    const counted = { reads: 0, gate: undefined as Promise<void> | undefined };
    const service = createSessionService({
      repository: {
        ...repository,
        findWithUser: async (sessionId: string) => {
          counted.reads += 1;
          const found = await repository.findWithUser(sessionId);
          await counted.gate;
          return found;
        },
      },
      tokens: createTokenService(testJwtSecret),
      sessionHours: 8,
      idleMinutes: 30,
      rememberDays: 30,
      cacheSeconds: 5,
      fanout: createInProcessFanout(),
    });
    return { service, counted };
  };
  const mara = async () => ctx.database.db.selectFrom('users').select(['id', 'username', 'role']).where('username', '=', 'mara').executeTakeFirstOrThrow();

  it('asks the database once for the seven calls the dashboard makes at once', async () => {
    const { service, counted } = countedService();
    const token = await service.start(await mara());
    const callers = await Promise.all(Array.from({ length: 7 }, () => service.resolve(token)));
    expect(callers.map((caller) => caller?.username)).toEqual(Array(7).fill('mara'));
    expect(counted.reads).toBe(1);
  });

  it('does not answer a request that arrives after the logout with a read begun before it', async () => {
    const { service, counted } = countedService();
    const token = await service.start(await mara());
    let open: () => void = () => undefined;
    counted.gate = new Promise((resolve) => {
      open = resolve;
    });
    const before = service.resolve(token);
    await service.end(String(decodeJwt(token).jti));
    const after = service.resolve(token);
    open();
    expect(await after).toBeNull();
    expect(counted.reads).toBe(2);
    await before;
  });
});
