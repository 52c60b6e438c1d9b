import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';

const validUpdate = {
  username: 'ignoriert',
  firstName: 'Mara',
  lastName: 'Berger',
  email: 'mara.berger@example.at',
  phoneNumber: '+43 1 5555',
  address: { street: 'Ringstraße', number: '1', city: 'Wien', state: 'Wien', postalCode: '1010', country: 'Österreich', municipality: 'Innere Stadt' },
};

describe.each(testDialects)('profiles on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'PUT' | 'DELETE', who: string, username: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/profil/${username}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.createUser({ username: 'chef', password: 'admin-passwort', role: 'ADMIN' });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara' });
    const tom = await ctx.createUser({ username: 'tom', password: 'tom-passwort', role: 'ARCHI' });
    const fremd = await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, city: 'Graz' });
    await ctx.createUser({ username: 'tomkunde', password: 'tomkunde-passwort', role: 'CLIENT', createdById: tom });
    await ctx.createUser({ username: 'fremdkunde', password: 'fremdkunde-passwort', role: 'CLIENT', createdById: fremd });
    // mara and tom share a team; fremd does not.
    const now = new Date().toISOString();
    const team = await ctx.database.db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('teamMembers').values([{ teamId: team.id, userId: mara, addedAt: now }, { teamId: team.id, userId: tom, addedAt: now }]).execute();
    for (const [name, password] of [['chef', 'admin-passwort'], ['mara', 'mara-passwort'], ['kunde', 'kunde-passwort'], ['fremd', 'fremd-passwort']]) {
      tokens[name!] = await ctx.login(name!, password!);
    }
  });
  afterAll(() => ctx.close());

  it('shows one\'s own profile without any password data', async () => {
    const response = await call('GET', 'mara', 'mara');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'mara', firstName: 'Mara', roles: ['ARCHI'] });
    expect(response.body).not.toMatch(/password|argon/i);
  });

  it.each([
    ['mara', 'kunde', 200], // own customer
    ['mara', 'tomkunde', 200], // a team-mate's customer
    ['mara', 'fremdkunde', 404], // another office's customer
    ['mara', 'tom', 404], // architects do not read each other's profiles
    ['kunde', 'mara', 404],
    ['kunde', 'tomkunde', 404],
    ['chef', 'kunde', 200], // admins run users
    ['mara', 'niemand', 404],
  ])('%s reading the profile of %s → %i', async (who, target, status) => {
    expect((await call('GET', who, target)).statusCode).toBe(status);
  });

  it('saves one\'s own details and answers the new profile; the username in the body is ignored', async () => {
    const response = await call('PUT', 'mara', 'mara', validUpdate);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'mara', lastName: 'Berger', address: { street: 'Ringstraße', municipality: 'Innere Stadt' } });
    expect((await call('GET', 'mara', 'mara')).json().email).toBe('mara.berger@example.at');
  });

  it('refuses to change someone else\'s profile: 403 if visible, 404 if not', async () => {
    expect((await call('PUT', 'mara', 'kunde', validUpdate)).statusCode).toBe(403);
    expect((await call('PUT', 'chef', 'kunde', validUpdate)).statusCode).toBe(403);
    expect((await call('PUT', 'mara', 'fremdkunde', validUpdate)).statusCode).toBe(404);
    expect((await call('GET', 'mara', 'kunde')).json().city).toBeUndefined();
    expect((await call('GET', 'mara', 'kunde')).json().address.city).toBe('Graz');
  });

  it('refuses invalid fields with 400', async () => {
    expect((await call('PUT', 'mara', 'mara', { ...validUpdate, email: 'kaputt' })).statusCode).toBe(400);
    expect((await call('PUT', 'mara', 'mara', { ...validUpdate, firstName: '' })).statusCode).toBe(400);
    expect((await call('PUT', 'mara', 'mara', { ...validUpdate, password: 'kurz' })).statusCode).toBe(400);
  });

  it('changes the password: the new one works, the old does not, other sessions end, this one stays', async () => {
    const other = await ctx.login('mara', 'mara-passwort');
    const response = await call('PUT', 'mara', 'mara', { ...validUpdate, password: 'neues-mara-passwort' });
    expect(response.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) })).statusCode).toBe(401);
    expect((await call('GET', 'mara', 'mara')).statusCode).toBe(200);
    await expect(ctx.login('mara', 'mara-passwort')).rejects.toThrow(/401/);
    await ctx.login('mara', 'neues-mara-passwort');
  });

  it('lets an architect delete an own customer but not a foreign one, and a client not an architect', async () => {
    expect((await call('DELETE', 'mara', 'fremdkunde')).statusCode).toBe(404);
    expect((await call('DELETE', 'kunde', 'mara')).statusCode).toBe(404);
    expect((await call('DELETE', 'chef', 'kunde')).statusCode).toBe(403);
    expect((await call('DELETE', 'mara', 'tomkunde')).statusCode).toBe(204);
    await expect(ctx.login('tomkunde', 'tomkunde-passwort')).rejects.toThrow(/401/);
  });

  it('deletes one\'s own account: its token stops working and it can no longer log in', async () => {
    expect((await call('DELETE', 'kunde', 'kunde')).statusCode).toBe(204);
    expect((await call('GET', 'kunde', 'kunde')).statusCode).toBe(401);
    await expect(ctx.login('kunde', 'kunde-passwort')).rejects.toThrow(/401/);
  });

  it('keeps the last administrator', async () => {
    const response = await call('DELETE', 'chef', 'chef');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Der letzte Administrator kann nicht gelöscht werden.');
  });
});
