import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { bearer, createTestContext, testDialects, testJwtSecret, type TestContext } from '../../test/test-app';
import { passwordCheckCounter } from '../../platform/auth/password';

const secretKey = new TextEncoder().encode(testJwtSecret);

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe.each(testDialects)('auth on %s', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.createUser({ username: 'mara', password: 'richtig-geheim', role: 'ARCHI' });
    await ctx.createUser({ username: 'chef', password: 'admin-geheim', role: 'ADMIN' });
    await ctx.createUser({ username: 'neu', role: 'CLIENT' }); // invited, has not registered yet
    await ctx.createUser({ username: 'jürgen', password: 'jürgens-geheimnis', role: 'CLIENT' });
  });
  afterAll(() => ctx.close());

  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('answers a signed token whose claims name the user, the account, the roles, the session and the expiry', async () => {
    const token = await ctx.login('mara', 'richtig-geheim');
    const claims = decodeJwt(token);
    expect(claims.sub).toBe('mara');
    const account = await ctx.database.db.selectFrom('users').select('id').where('username', '=', 'mara').executeTakeFirstOrThrow();
    expect(claims.uid).toBe(account.id);
    expect(claims.roles).toEqual(['ARCHI']);
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 3600);
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'mara', roles: ['ARCHI'] });
  });

  it('logs in regardless of the case of the username and answers the stored spelling', async () => {
    const token = await ctx.login('MARA', 'richtig-geheim');
    expect(decodeJwt(token).sub).toBe('mara');
  });

  it('logs in a username with an umlaut, however the ü is composed, and its own profile path finds it', async () => {
    for (const typed of ['jürgen', 'JÜRGEN', 'ju\u0308rgen']) {
      const token = await ctx.login(typed, 'jürgens-geheimnis');
      expect(decodeJwt(token).sub, typed).toBe('jürgen');
      expect((await me(token)).json()).toEqual({ username: 'jürgen', roles: ['CLIENT'] });
    }
    const token = await ctx.login('jürgen', 'jürgens-geheimnis');
    const profile = await ctx.app.inject({ method: 'GET', url: `/api/profil/${encodeURIComponent('jürgen')}`, headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ username: 'jürgen' });
    const someoneElse = await ctx.app.inject({ method: 'GET', url: '/api/profil/mara', headers: bearer(token) });
    expect(someoneElse.statusCode).toBe(404);
  });

  it('answers the same 401 for a wrong password, an unknown user and an unregistered user', async () => {
    const attempts = [
      { username: 'mara', password: 'falsch' },
      { username: 'niemand', password: 'falsch' },
      { username: 'neu', password: 'irgendwas' },
    ];
    for (const payload of attempts) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: '10.0.0.1' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Benutzername oder Passwort ist falsch.', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('takes as long for an unknown user as for a wrong password: each runs one argon2 verification of the same cost', async () => {
    // Counted, not timed: a timing comparison fails on a busy machine, and the verification is
    // what the time is spent on (the throw-away hash has the same parameters as a real one).
    const verificationsOf = async (username: string) => {
      const before = passwordCheckCounter.verifications;
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'x' }, remoteAddress: '10.0.0.2' });
      expect(response.statusCode).toBe(401);
      return passwordCheckCounter.verifications - before;
    };
    expect(await verificationsOf('chef')).toBe(1);
    expect(await verificationsOf('unbekannt')).toBe(1);
  });

  it('refuses missing fields and wrong types with 400, never 500', async () => {
    for (const payload of [{}, { username: 'mara' }, { username: 5, password: true }, { username: '', password: '' }, { username: 'a\u0000b', password: 'x' }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('throttles repeated failures for one account with 429 well before the 30th try', async () => {
    await ctx.createUser({ username: 'ziel', password: 'das-richtige', role: 'CLIENT' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'ziel', password: `falsch${i}` },
        remoteAddress: `10.1.0.${i}`, // a different address each time: the account limit must hold alone
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toMatch(/Zu viele/);
        break;
      }
    }
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeLessThan(29);
    // Even the right password is refused while the account is throttled.
    const right = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'ziel', password: 'das-richtige' } });
    expect(right.statusCode).toBe(429);
  });

  it('lets at most the limit of 100 parallel wrong passwords reach the password check', async () => {
    await ctx.createUser({ username: 'parallel', password: 'das-richtige', role: 'CLIENT' });
    const checksBefore = passwordCheckCounter.verifications;
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'parallel', password: `falsch${i}` },
          remoteAddress: `10.3.${Math.floor(i / 200)}.${i}`, // every guess from elsewhere: the account limit must hold alone
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(passwordCheckCounter.verifications - checksBefore).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    const refused = responses.find((response) => response.statusCode === 429)!;
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('does not count colleagues\' successful logins from one office address against it', async () => {
    await ctx.createUser({ username: 'kollegin', password: 'ihr-passwort', role: 'ARCHI' });
    for (let i = 0; i < 30; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'kollegin', password: 'ihr-passwort' },
        remoteAddress: '10.4.0.1',
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('throttles repeated failures from one address across many accounts', async () => {
    let throttledAt = -1;
    for (let i = 0; i < 30 && throttledAt < 0; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: `konto${i}`, password: 'falsch' },
        remoteAddress: '10.2.0.1',
      });
      if (response.statusCode === 429) throttledAt = i;
    }
    expect(throttledAt).toBeGreaterThan(0);
    expect(throttledAt).toBeLessThan(29);
  });

  it('logs out: the same token then gets 401 everywhere', async () => {
    const token = await ctx.login('mara', 'richtig-geheim');
    expect((await me(token)).statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/mara', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    // Ended, not run out: another tab with the same token removes what the device keeps of the user, as the logout did.
    expect(after.json().code).toBe('SESSION_REVOKED');
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/mara', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });

  it('ends only the caller\'s own session: other sessions and other users stay logged in', async () => {
    const first = await ctx.login('mara', 'richtig-geheim');
    const second = await ctx.login('mara', 'richtig-geheim');
    const admin = await ctx.login('chef', 'admin-geheim');
    const foreign = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/chef', headers: bearer(first) });
    expect(foreign.statusCode).toBe(404);
    expect((await me(admin)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/mara', headers: bearer(first) });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('refuses forged, expired, alg-none and tampered tokens with 401', async () => {
    const good = await ctx.login('mara', 'richtig-geheim');
    const claims = decodeJwt(good);
    const otherKey = new TextEncoder().encode('a-completely-different-secret-of-enough-length!!');
    const forged = await new SignJWT({ roles: ['ADMIN'] }).setProtectedHeader({ alg: 'HS256' }).setSubject('mara').setJti(String(claims.jti)).setExpirationTime('1h').sign(otherKey);
    const expired = await new SignJWT({ roles: ['ARCHI'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('mara')
      .setJti(String(claims.jti))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secretKey);
    const [header, payload, signature] = good.split('.');
    const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const tampered = `${header}.${base64url({ ...claims, sub: 'chef', roles: ['ADMIN'] })}.${signature}`;
    for (const token of [forged, expired, none, tampered, 'kein.token', 'Unsinn']) {
      const response = await me(token);
      expect(response.statusCode, token).toBe(401);
    }
    expect((await me(good)).statusCode).toBe(200);
  });

  it('refuses a validly signed token whose session does not exist', async () => {
    const token = await new SignJWT({ roles: ['ADMIN'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('chef')
      .setJti('erfundene-sitzung')
      .setExpirationTime('1h')
      .sign(secretKey);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('requires a token on every protected route and says so in German', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Bitte melden Sie sich an.', code: 'UNAUTHENTICATED' });
  });

  it('prunes sessions that can never be used again and keeps live ones', async () => {
    const live = await ctx.login('mara', 'richtig-geheim');
    const revoked = await ctx.login('mara', 'richtig-geheim');
    const expired = await ctx.login('mara', 'richtig-geheim');
    const closed = await ctx.login('mara', 'richtig-geheim');
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/mara', headers: bearer(revoked) });
    const past = new Date(Date.now() - 1000).toISOString();
    const id = (token: string) => String(decodeJwt(token).jti);
    await ctx.database.db.updateTable('sessions').set({ expiresAt: past }).where('id', '=', id(expired)).execute();
    await ctx.database.db.updateTable('sessions').set({ endsAt: past }).where('id', '=', id(closed)).execute();
    await ctx.sessions.prune();
    const left = await ctx.database.db.selectFrom('sessions').select('id').where('id', 'in', [live, revoked, expired, closed].map(id)).execute();
    expect(left.map((row) => row.id)).toEqual([id(live)]);
    expect((await me(live)).statusCode).toBe(200);
  });

  it('ends a session after two hours without a request, although its lifetime is longer', async () => {
    const token = await ctx.login('mara', 'richtig-geheim');
    const session = String(decodeJwt(token).jti);
    const setLastSeen = (minutesAgo: number) =>
      ctx.database.db
        .updateTable('sessions')
        .set({ lastSeenAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() })
        .where('id', '=', session)
        .execute();
    await setLastSeen(119);
    expect((await me(token)).statusCode).toBe(200);
    // That request counted as use: the session lives on from now.
    const row = await ctx.database.db.selectFrom('sessions').select('lastSeenAt').where('id', '=', session).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.lastSeenAt!)).toBeLessThan(10_000);
    // Two hours on without a request (the clock moves: the session is now also in the cache of verified sessions).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 121 * 60_000);
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks every API answer as not to be stored by browsers or proxies', async () => {
    const token = await ctx.login('mara', 'richtig-geheim');
    expect((await me(token)).headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  describe('unload beacon', () => {
    const beacon = (username: string, token: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/auth/logout/${username}`, payload: { token } });

    it('lets a reload reclaim the session', async () => {
      const token = await ctx.login('mara', 'richtig-geheim');
      expect((await beacon('mara', token)).statusCode).toBe(204);
      expect((await me(token)).statusCode).toBe(200); // the reloaded tab's first request
      const row = await ctx.database.db.selectFrom('sessions').select('endsAt').where('id', '=', String(decodeJwt(token).jti)).executeTakeFirstOrThrow();
      expect(row.endsAt).toBeNull();
    });

    it('ends the session when the tab does not come back', async () => {
      const token = await ctx.login('mara', 'richtig-geheim');
      expect((await beacon('mara', token)).statusCode).toBe(204);
      const past = new Date(Date.now() - 1000).toISOString();
      await ctx.database.db.updateTable('sessions').set({ endsAt: past }).where('id', '=', String(decodeJwt(token).jti)).execute();
      expect((await me(token)).statusCode).toBe(401);
    });

    it('refuses a beacon without a valid token or for another user', async () => {
      const token = await ctx.login('mara', 'richtig-geheim');
      expect((await beacon('chef', token)).statusCode).toBe(401);
      expect((await beacon('mara', 'gefälscht')).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/mara' })).statusCode).toBe(401);
      expect((await me(token)).statusCode).toBe(200);
    });
  });

  describe('a logout made without a connection, told later', () => {
    const tellLogout = (username: string, sessionId: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/auth/logout/${username}`, payload: { sessionId } });
    const sessionOf = (token: string) => String(decodeJwt(token).jti);

    it("ends the named session at once, and again answers 204 when told twice", async () => {
      const token = await ctx.login('mara', 'richtig-geheim');
      const other = await ctx.login('mara', 'richtig-geheim');
      expect((await tellLogout('mara', sessionOf(token))).statusCode).toBe(204);
      expect((await me(token)).statusCode).toBe(401);
      // The same person's other session (another device) stays.
      expect((await me(other)).statusCode).toBe(200);
      expect((await tellLogout('mara', sessionOf(token))).statusCode).toBe(204);
    });

    it("refuses an unknown session or another user's, which stays logged in", async () => {
      const token = await ctx.login('mara', 'richtig-geheim');
      expect((await tellLogout('chef', sessionOf(token))).statusCode).toBe(401);
      expect((await tellLogout('mara', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
      expect((await me(token)).statusCode).toBe(200);
    });
  });
});
