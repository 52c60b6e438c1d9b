import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';
import { createDeviceKeys } from '../../platform/auth/device-keys';

const deviceA = 'geraet-aaaaaaaaaaaaaaaa';
const deviceB = 'geraet-bbbbbbbbbbbbbbbb';

describe('device keys', () => {
  it('depend on the server secret, the account and the device, and on nothing else', () => {
    const keys = createDeviceKeys('ein-server-geheimnis-mit-mindestens-32-zeichen');
    const key = keys.keyFor(7, deviceA);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(keys.keyFor(7, deviceA)).toBe(key);
    expect(keys.keyFor(8, deviceA)).not.toBe(key);
    expect(keys.keyFor(7, deviceB)).not.toBe(key);
    expect(createDeviceKeys('ein-anderes-geheimnis-mit-mindestens-32-zeichen').keyFor(7, deviceA)).not.toBe(key);
  });
});

describe.each(testDialects)('the device key route on %s', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.createUser({ username: 'mara', password: 'richtig-geheim', role: 'CLIENT', email: 'mara@example.at' });
    await ctx.createUser({ username: 'tom', password: 'toms-geheimnis', role: 'CLIENT', email: 'tom@example.at' });
  });
  afterAll(() => ctx.close());

  const ask = (token: string | undefined, username: string, deviceId: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/auth/device-key/${username}`, payload: { deviceId }, headers: token ? bearer(token) : {} });
  const keyOf = async (token: string, username: string, deviceId: string) => {
    const response = await ask(token, username, deviceId);
    expect(response.statusCode).toBe(200);
    return response.json<{ key: string }>().key;
  };

  it('gives the same user on the same device the same key at every login, another device or user another', async () => {
    const first = await keyOf(await ctx.login('mara', 'richtig-geheim'), 'mara', deviceA);
    const again = await keyOf(await ctx.login('mara', 'richtig-geheim'), 'mara', deviceA);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(again).toBe(first);
    expect(await keyOf(await ctx.login('mara', 'richtig-geheim'), 'mara', deviceB)).not.toBe(first);
    expect(await keyOf(await ctx.login('tom', 'toms-geheimnis'), 'tom', deviceA)).not.toBe(first);
  });

  it("gives no key without a session, for another user's name, or for a device id that is no id", async () => {
    const tom = await ctx.login('tom', 'toms-geheimnis');
    expect((await ask(undefined, 'mara', deviceA)).statusCode).toBe(401);
    expect((await ask(tom, 'mara', deviceA)).statusCode).toBe(404);
    const refused = await ask(tom, 'tom', 'kurz');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('Die Eingaben sind ungültig.');
  });

  it('tells an ended session (SESSION_REVOKED) from one that ran out (UNAUTHENTICATED), in German', async () => {
    const ended = await ctx.login('mara', 'richtig-geheim');
    const other = await ctx.login('mara', 'richtig-geheim');
    const sessionOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti as string;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/auth/devices/mara/${sessionOf(ended)}`, headers: bearer(other) })).statusCode).toBe(204);
    const revoked = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(ended) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ code: 'SESSION_REVOKED', message: 'Sie wurden auf diesem Gerät abgemeldet. Bitte melden Sie sich erneut an.' });

    // A session not used yet (none kept in the server's memory) whose time ran out.
    const outOfTime = await ctx.login('mara', 'richtig-geheim');
    const past = new Date(Date.now() - 1000).toISOString();
    await ctx.database.db.updateTable('sessions').set({ expiresAt: past }).where('id', '=', sessionOf(outOfTime)).execute();
    const expired = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(outOfTime) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Ihre Sitzung ist abgelaufen oder ungültig. Bitte melden Sie sich erneut an.' });
  });
});
