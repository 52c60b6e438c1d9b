import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';

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
