import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../platform/auth/password';
import { bearer, createTestContext, startInstancesOnPostgres, testDialects, type SharedInstances, type TestContext } from '../../test/test-app';
import { createUserRepository } from '../../platform/db/users-repository';
import { createNotificationSettingsRepository } from './repository';

const allOff = { chatAll: false, chatNone: false, formAll: false, form50: false, form75: false, form95: false, form100: false, formNone: false };

describe.each(testDialects)('notification settings on %s', (dialect) => {
  let ctx: TestContext;
  let mara: string;
  let kunde: string;

  const get = (token: string, username: string) => ctx.app.inject({ method: 'GET', url: `/api/notificationSettings/${username}`, headers: bearer(token) });
  const put = (token: string, username: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/notificationSettings/${username}`, headers: bearer(token), payload });

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const archId = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: archId });
    mara = await ctx.login('mara', 'mara-passwort');
    kunde = await ctx.login('kunde', 'kunde-passwort');
  });
  afterAll(() => ctx.close());

  it('starts with chatAll and form100 for a new account', async () => {
    const response = await get(mara, 'mara');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...allOff, chatAll: true, form100: true });
  });

  it('saves and reloads the settings', async () => {
    const chosen = { ...allOff, chatNone: true, form75: true };
    expect((await put(mara, 'mara', chosen)).json()).toEqual(chosen);
    expect((await get(mara, 'mara')).json()).toEqual(chosen);
    const changed = { ...allOff, chatAll: true, formNone: true };
    await put(mara, 'mara', changed);
    expect((await get(mara, 'mara')).json()).toEqual(changed);
  });

  it('refuses two options of one group with a German message', async () => {
    const chats = await put(mara, 'mara', { ...allOff, chatAll: true, chatNone: true });
    expect(chats.statusCode).toBe(400);
    expect(chats.json().issues[0].message).toBe('Bitte wählen Sie höchstens eine Chat-Benachrichtigung.');
    const forms = await put(mara, 'mara', { ...allOff, form50: true, form100: true });
    expect(forms.json().issues[0].message).toBe('Bitte wählen Sie höchstens eine Formular-Benachrichtigung.');
    const missing = await put(mara, 'mara', { chatAll: true });
    expect(missing.statusCode).toBe(400);
    expect((await get(mara, 'mara')).json()).toEqual({ ...allOff, chatAll: true, formNone: true });
  });

  it('answers 404 for anyone else\'s settings and changes nothing', async () => {
    expect((await get(kunde, 'mara')).statusCode).toBe(404);
    expect((await put(kunde, 'mara', { ...allOff, chatNone: true })).statusCode).toBe(404);
    expect((await get(mara, 'kunde')).statusCode).toBe(404);
    expect((await get(mara, 'mara')).json().chatAll).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notificationSettings/mara' })).statusCode).toBe(401);
  });
});

describe.each(testDialects)('notification settings kept briefly in memory, on %s', (dialect) => {
  let ctx: TestContext;
  let mara: string;
  let maraId: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { SESSION_CACHE_SECONDS: '1' } });
    maraId = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    mara = await ctx.login('mara', 'mara-passwort');
  });
  afterAll(() => ctx.close());

  const settingsOf = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/notificationSettings/mara', headers: bearer(mara) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<typeof allOff>();
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers from memory for at most SESSION_CACHE_SECONDS when the database changes behind its back', async () => {
    // The entry's lifetime runs on fake time: it passes only when the test moves the clock.
    vi.useFakeTimers({ toFake: ['performance'] });
    const saved = { ...allOff, chatAll: true, form50: true };
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/notificationSettings/mara', headers: bearer(mara), payload: saved })).statusCode).toBe(200);
    expect(await settingsOf()).toEqual(saved);
    // Written past the service, so no instance hears of it: only the entry's lifetime ends it.
    const behind = { ...allOff, chatNone: true, formNone: true };
    await createNotificationSettingsRepository(ctx.database.db).save(maraId, behind, new Date().toISOString());
    // Served from memory (the database already says otherwise) until its second has passed, and no longer.
    expect(await settingsOf()).toEqual(saved);
    vi.advanceTimersByTime(999);
    expect(await settingsOf()).toEqual(saved);
    vi.advanceTimersByTime(1);
    expect(await settingsOf()).toEqual(behind);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('notification settings across two instances on one PostgreSQL database', () => {
  const cacheSeconds = 30;
  let shared: SharedInstances;
  let mara: string;

  beforeAll(async () => {
    // The longest cache lifetime: what A shows before it ends, B told it.
    shared = await startInstancesOnPostgres(2, { env: { SESSION_CACHE_SECONDS: String(cacheSeconds) } });
    const now = new Date().toISOString();
    await createUserRepository(shared.database.db).insert({ username: 'mara', role: 'ARCHI', status: 'ACTIVE', passwordHash: await hashPassword('mara-passwort'), createdAt: now, updatedAt: now });
    mara = (await shared.instances[0]!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'mara', password: 'mara-passwort' } })).json<{ token: string }>().token;
  });
  afterAll(() => shared.close());

  it('reads on A the settings saved on B, though A had just read them, long before its entry would end', async () => {
    const onA = async () => (await shared.instances[0]!.app.inject({ method: 'GET', url: '/api/notificationSettings/mara', headers: bearer(mara) })).json<typeof allOff>();
    expect(await onA()).toEqual({ ...allOff, chatAll: true, form100: true });
    const chosen = { ...allOff, chatNone: true, form75: true };
    const started = performance.now();
    const saved = await shared.instances[1]!.app.inject({ method: 'PUT', url: '/api/notificationSettings/mara', headers: bearer(mara), payload: chosen });
    expect(saved.statusCode).toBe(200);
    await expect.poll(onA, { timeout: cacheSeconds * 1000, interval: 5 }).toEqual(chosen);
    expect(performance.now() - started).toBeLessThan(cacheSeconds * 1000);
  });
});
