import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';
import { createSessionRepository } from '../../platform/auth/repository';
import { deviceKindOf } from '../../platform/auth/user-agent';

const chromeOnAndroid =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const edgeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

const day = 86_400_000;

describe('the device named from a User-Agent', () => {
  it('names the browser and the system coarsely, and nothing it does not recognise', () => {
    expect(deviceKindOf(chromeOnAndroid)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(deviceKindOf(firefoxOnWindows)).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(deviceKindOf(safariOnIphone)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(deviceKindOf(edgeOnMac)).toEqual({ browser: 'Edge', system: 'macOS' });
    expect(deviceKindOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toEqual({
      browser: 'Chrome',
      system: 'Linux',
    });
    expect(deviceKindOf('curl/8.0')).toEqual({ browser: null, system: null });
    expect(deviceKindOf(undefined)).toEqual({ browser: null, system: null });
  });
});

describe.each(testDialects)('remembered devices on %s', (dialect) => {
  let ctx: TestContext;
  let address = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { REMEMBERED_DEVICE_DAYS: '30' } });
    await ctx.createUser({ username: 'mara', password: 'richtig-geheim', role: 'ARCHI', email: 'mara@example.at' });
    await ctx.createUser({ username: 'tom', password: 'toms-geheimnis', role: 'ARCHI', email: 'tom@example.at' });
    await ctx.createUser({ username: 'chef', password: 'admin-geheim', role: 'ADMIN' });
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.useRealTimers());

  /** A login as from a browser; each from an address of its own, so the login throttle never joins in. */
  async function login(username: string, password: string, options: { remember?: boolean; userAgent?: string } = {}): Promise<string> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password, ...(options.remember !== undefined ? { remember: options.remember } : {}) },
      headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
      remoteAddress: `10.9.0.${++address}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  }
  const remembered = (username: string, password: string, userAgent = chromeOnAndroid) => login(username, password, { remember: true, userAgent });
  const me = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;
  const devices = (token: string, username = 'mara') => ctx.app.inject({ method: 'GET', url: `/api/auth/devices/${username}`, headers: bearer(token) });
  const beacon = (username: string, token: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/auth/logout/${username}`, payload: { token } });
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('keeps a remembered device signed in past the idle time and the session hours, and ends it 30 days after its last use', async () => {
    const token = await remembered('mara', 'richtig-geheim');
    expect(decodeJwt(token).exp).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
    vi.useFakeTimers({ toFake: ['Date'] });
    later(ctx.config.sessionIdleMinutes * 60_000 + 60_000);
    expect(await me(token)).toBe(200);
    // Used on day 29 after the login: the 30 days start again.
    later(29 * day);
    expect(await me(token)).toBe(200);
    later(29 * day);
    expect(await me(token)).toBe(200);
    later(30 * day + 60_000);
    expect(await me(token)).toBe(401);
  });

  it('ends a login without the opt-in after the idle time, as before', async () => {
    const token = await login('mara', 'richtig-geheim', { remember: false });
    vi.useFakeTimers({ toFake: ['Date'] });
    later(ctx.config.sessionIdleMinutes * 60_000 + 60_000);
    expect(await me(token)).toBe(401);
  });

  it('does not log a remembered device out by the unload beacon, but a session without the opt-in', async () => {
    const kept = await remembered('mara', 'richtig-geheim');
    const plain = await login('mara', 'richtig-geheim');
    expect((await beacon('mara', kept)).statusCode).toBe(204);
    expect((await beacon('mara', plain)).statusCode).toBe(204);
    vi.useFakeTimers({ toFake: ['Date'] });
    later(2 * 60_000);
    expect(await me(kept)).toBe(200);
    expect(await me(plain)).toBe(401);
  });

  it("lists the caller's own signed-in devices with browser, system, since and last use, and marks this one", async () => {
    const phone = await remembered('tom', 'toms-geheimnis', chromeOnAndroid);
    const laptop = await login('tom', 'toms-geheimnis', { userAgent: firefoxOnWindows });
    await remembered('mara', 'richtig-geheim', safariOnIphone);
    const response = await devices(laptop, 'tom');
    expect(response.statusCode).toBe(200);
    const listed = response.json<Array<Record<string, unknown>>>();
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Chrome', system: 'Android', remembered: true, current: false }),
        expect.objectContaining({ browser: 'Firefox', system: 'Windows', remembered: false, current: true }),
      ]),
    );
    for (const device of listed) {
      expect(Date.parse(String(device.signedInSince))).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(String(device.lastUsed))).toBeGreaterThanOrEqual(Date.parse(String(device.signedInSince)));
    }
    // Someone else's devices are no one's business: not found.
    expect((await devices(phone, 'mara')).statusCode).toBe(404);
  });

  it('ends one device of the caller at once; an unknown or foreign device is not found and stays', async () => {
    const phone = await remembered('mara', 'richtig-geheim');
    const desk = await login('mara', 'richtig-geheim', { userAgent: firefoxOnWindows });
    const toms = await remembered('tom', 'toms-geheimnis');
    const phoneId = String(decodeJwt(phone).jti);
    const end = (token: string, id: string, username = 'mara') =>
      ctx.app.inject({ method: 'DELETE', url: `/api/auth/devices/${username}/${id}`, headers: bearer(token) });
    expect((await end(desk, String(decodeJwt(toms).jti))).statusCode).toBe(404);
    expect((await end(desk, 'gibt-es-nicht')).statusCode).toBe(404);
    expect((await end(desk, phoneId, 'tom')).statusCode).toBe(404);
    expect(await me(toms)).toBe(200);
    expect(await me(phone)).toBe(200);
    expect((await end(desk, phoneId)).statusCode).toBe(204);
    expect(await me(phone)).toBe(401);
    expect(await me(desk)).toBe(200);
    const left = (await devices(desk)).json<Array<{ id: string }>>().map((device) => device.id);
    expect(left).not.toContain(phoneId);
  });

  it('ends every other device of the caller (this one logs out as usual), and no one else’s', async () => {
    const phone = await remembered('mara', 'richtig-geheim');
    const desk = await login('mara', 'richtig-geheim');
    const toms = await remembered('tom', 'toms-geheimnis');
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/devices/mara', headers: bearer(desk) });
    expect(response.statusCode).toBe(204);
    expect(await me(phone)).toBe(401);
    expect(await me(desk)).toBe(200);
    expect(await me(toms)).toBe(200);
  });

  it('ends the other remembered devices when the password is changed', async () => {
    const phone = await remembered('mara', 'richtig-geheim');
    const desk = await login('mara', 'richtig-geheim');
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profil/mara',
      headers: bearer(desk),
      payload: {
        firstName: 'Mara',
        lastName: 'Berger',
        email: 'mara@example.at',
        phoneNumber: '+43 1 5555',
        address: { street: 'Ringstraße', number: '1', city: 'Wien', state: 'Wien', postalCode: '1010', country: 'Österreich', municipality: 'Innere Stadt' },
        password: 'ganz-neu-geheim-7',
        currentPassword: 'richtig-geheim',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await me(phone)).toBe(401);
    expect(await me(desk)).toBe(200);
  });

  it('ends the remembered devices of a deleted account: a customer removed by the architect, an architect who leaves', async () => {
    const architectId = await ctx.createUser({ username: 'weg', password: 'weg-geheim', role: 'ARCHI', email: 'weg@example.at' });
    await ctx.createUser({ username: 'wegkunde', password: 'kunden-geheim', role: 'CLIENT', email: 'wk@example.at', createdById: architectId });
    const customersPhone = await remembered('wegkunde', 'kunden-geheim');
    const architectsPhone = await remembered('weg', 'weg-geheim');
    const architectsDesk = await login('weg', 'weg-geheim');
    const remove = (username: string) => ctx.app.inject({ method: 'DELETE', url: `/api/profil/${username}`, headers: bearer(architectsDesk) });
    expect((await remove('wegkunde')).statusCode).toBe(204);
    expect(await me(customersPhone)).toBe(401);
    expect(await me(architectsPhone)).toBe(200);
    expect((await remove('weg')).statusCode).toBe(204);
    expect(await me(architectsPhone)).toBe(401);
  });

  it('keeps a remembered device that is not used for the idle time through the pruning of sessions', async () => {
    const token = await remembered('tom', 'toms-geheimnis');
    vi.useFakeTimers({ toFake: ['Date'] });
    later(ctx.config.sessionIdleMinutes * 60_000 + 60_000);
    const now = Date.now();
    await createSessionRepository(ctx.database.db).deleteExpired(new Date(now).toISOString(), new Date(now - ctx.config.sessionIdleMinutes * 60_000).toISOString());
    expect(await me(token)).toBe(200);
  });
});
