import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';
import { linkIn, startMailCatcher, tokenOf, type MailCatcher } from '../../test/mail-catcher';

describe.each(testDialects)('customers on %s', (dialect) => {
  let ctx: TestContext;
  let mail: MailCatcher;
  let mara: string;
  let tom: string;

  const create = (token: string, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/ClientManagment', headers: bearer(token), payload });
  const list = (token: string, username: string) => ctx.app.inject({ method: 'GET', url: `/api/ClientManagment/${username}`, headers: bearer(token) });

  beforeAll(async () => {
    mail = await startMailCatcher();
    ctx = await createTestContext(dialect, { env: { SMTP_URL: mail.url } });
    const maraId = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    const tomId = await ctx.createUser({ username: 'tom', password: 'tom-passwort', role: 'ARCHI', firstName: 'Tom', lastName: 'Lechner' });
    await ctx.createUser({ username: 'solo', password: 'solo-passwort', role: 'ARCHI' });
    const now = new Date().toISOString();
    const team = await ctx.database.db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('teamMembers').values([{ teamId: team.id, userId: maraId, addedAt: now }, { teamId: team.id, userId: tomId, addedAt: now }]).execute();
    mara = await ctx.login('mara', 'mara-passwort');
    tom = await ctx.login('tom', 'tom-passwort');
  });
  afterAll(async () => {
    await ctx.close();
    await mail.close();
  });

  it('creates an invited client with a numeric house number and mails the invitation', async () => {
    const response = await create(mara, {
      username: 'huber',
      firstName: 'Anna',
      lastName: 'Huber',
      email: 'anna.huber@example.at',
      creationName: 'mara',
      address: { street: 'Hauptstraße', number: 12, city: 'Graz', country: 'Österreich', postalCode: '8010' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: 'huber',
      creationName: 'mara',
      createdBy: { username: 'mara', firstName: '', lastName: '' },
      status: 'INVITED',
      address: { street: 'Hauptstraße', number: '12', city: 'Graz', country: 'Österreich', postalCode: '8010' },
    });
    const invitation = await mail.waitFor('anna.huber@example.at', /Einladung/);
    expect(invitation.text).toContain('(mara)');
    const data = await ctx.app.inject({ method: 'GET', url: `/api/register?token=${encodeURIComponent(tokenOf(linkIn(invitation, /register/)))}` });
    expect(data.json()).toMatchObject({ username: 'huber', roles: ['CLIENT'], address: { street: 'Hauptstraße', number: '12', postalCode: '8010', city: 'Graz' } });
  });

  it('refuses a creationName other than the caller and a taken username, creating nothing', async () => {
    const other = await create(mara, { username: 'fake', firstName: 'F', lastName: 'K', email: 'f@example.at', creationName: 'tom' });
    expect(other.statusCode).toBe(403);
    const taken = await create(mara, { username: 'HUBER', firstName: 'F', lastName: 'K', email: 'f@example.at' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_UNAVAILABLE', message: 'Dieser Benutzername kann nicht verwendet werden. Bitte wählen Sie einen anderen.' });
    // A username held in another office reads exactly alike: nothing tells that it exists elsewhere.
    await ctx.createUser({ username: 'woanders', role: 'CLIENT' });
    const elsewhere = await create(mara, { username: 'woanders', firstName: 'F', lastName: 'K', email: 'f@example.at' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual(taken.json());
    const invalid = await create(mara, { username: 'ohne mail', firstName: 'F', lastName: 'K', email: 'f' });
    expect(invalid.statusCode).toBe(400);
    const names = ((await list(mara, 'mara')).json() as Array<{ username: string }>).map((c) => c.username);
    expect(names).toEqual(['huber']);
  });

  it('lists the whole team\'s customers for the caller, a team-mate\'s own for the team-mate', async () => {
    await create(tom, { username: 'berger', firstName: 'Bernd', lastName: 'Berger', email: 'b@example.at' });
    // The invitation names the inviting architect by name.
    expect((await mail.waitFor('b@example.at', /Einladung/)).text).toContain('Ihr Architekturbüro (Tom Lechner) lädt Sie zu Bauakte ein.');
    expect(((await list(mara, 'mara')).json() as Array<{ username: string }>).map((c) => c.username)).toEqual(['berger', 'huber']);
    expect(((await list(mara, 'tom')).json() as Array<{ username: string; creationName: string }>)).toEqual([
      // The creating architect by username (spec) and by name, for lists that show people by name.
      expect.objectContaining({ username: 'berger', creationName: 'tom', createdBy: { username: 'tom', firstName: 'Tom', lastName: 'Lechner' } }),
    ]);
    const solo = await ctx.login('solo', 'solo-passwort');
    expect((await list(solo, 'solo')).json()).toEqual([]);
    expect((await list(solo, 'mara')).statusCode).toBe(404);
  });

  it('keeps a deleted customer\'s projects, now without a customer', async () => {
    const project = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(mara), payload: { name: 'Dachausbau', assignedUser: 'berger' } });
    expect(project.json().assignedUser).toBe('berger');
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/profil/berger', headers: bearer(mara) })).statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: `/api/DashboardClient/project/${project.json().id}`, headers: bearer(mara) });
    expect(after.statusCode).toBe(200);
    expect(after.json().assignedUser).toBeNull();
  });

  it('accepts umlauts in a username, stores one written form and refuses the same name without accents or case', async () => {
    // 'jürgen' typed with a decomposed ü (as some systems paste it) is stored composed.
    const created = await create(mara, { username: 'ju\u0308rgen', firstName: 'Jürgen', lastName: 'Öhlinger', email: 'juergen@example.at' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'jürgen' });
    for (const lookalike of ['Jurgen', 'JÜRGEN']) {
      const taken = await create(mara, { username: lookalike, firstName: 'F', lastName: 'K', email: 'f@example.at' });
      expect(taken.statusCode, lookalike).toBe(400);
      expect(taken.json()).toMatchObject({ code: 'USERNAME_UNAVAILABLE' });
    }
    const cyrillic = await create(mara, { username: 'jürgеn', firstName: 'F', lastName: 'K', email: 'f@example.at' });
    expect(cyrillic.statusCode).toBe(400);
    expect(cyrillic.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'body/username', message: 'Der Benutzername darf nur Buchstaben und Ziffern enthalten.' }] });
    const names = ((await list(mara, 'mara')).json() as Array<{ username: string }>).map((c) => c.username);
    expect(names).toContain('jürgen');
    expect(names.filter((name) => name.toLowerCase().startsWith('j'))).toEqual(['jürgen']);
  });
});
