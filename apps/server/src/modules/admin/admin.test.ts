import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MailFailure } from '@bauakte/domain';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';
import { freePort, linkIn, startMailCatcher, tokenOf, type MailCatcher } from '../../test/mail-catcher';

describe.each(testDialects)('team administration on %s', (dialect) => {
  let ctx: TestContext;
  let mail: MailCatcher;
  let admin: string;
  let architect: string;
  let client: string;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    mail = await startMailCatcher();
    ctx = await createTestContext(dialect, { env: { SMTP_URL: mail.url, PUBLIC_URL: 'https://bauakte.example.at' } });
    await ctx.createUser({ username: 'chef', password: 'admin-passwort', role: 'ADMIN' });
    const archId = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: archId });
    admin = await ctx.login('chef', 'admin-passwort');
    architect = await ctx.login('mara', 'mara-passwort');
    client = await ctx.login('kunde', 'kunde-passwort');
  });
  afterAll(async () => {
    await ctx.close();
    await mail.close();
  });

  const routes: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
    ['GET', '/api/team/allTeams'],
    ['GET', '/api/team/available-architects'],
    ['GET', '/api/admin/users'],
    ['POST', '/api/team/create', { name: 'Verboten' }],
    ['POST', '/api/team/createUser', { username: 'x1', email: 'x1@example.at', teamName: 'Verboten' }],
    ['POST', '/api/team/addMembers?teamName=Verboten', { username: 'mara' }],
    ['DELETE', '/api/team/remove?teamName=Verboten&username=mara'],
    ['DELETE', '/api/team/delete?name=Verboten'],
  ];

  it('refuses every team route without a token (401) and for architects and clients (403)', async () => {
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, architect, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, client, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('creates a team, refuses its name twice regardless of case, and refuses an empty name', async () => {
    const created = await call('POST', '/api/team/create', admin, { name: 'Planung Wien' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ teamName: 'Planung Wien', userNames: [], members: [] });
    const duplicate = await call('POST', '/api/team/create', admin, { name: 'planung wien' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Ein Team mit diesem Namen gibt es bereits.');
    expect((await call('POST', '/api/team/create', admin, { name: '   ' })).statusCode).toBe(400);
    const teams = await call('GET', '/api/team/allTeams', admin);
    expect(teams.json()).toContainEqual({ teamName: 'Planung Wien', userNames: [], members: [] });
  });

  it('creates an invited architect in the team, mails a working invitation and ignores creationName', async () => {
    const response = await call('POST', '/api/team/createUser', admin, {
      username: 'neuarchitekt',
      email: 'neu@example.at',
      firstName: 'Nora',
      lastName: 'Neu',
      creationName: 'mara',
      teamName: 'Planung Wien',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Benutzer erfolgreich erstellt.' });

    const invitation = await mail.waitFor('neu@example.at', /Einladung/);
    expect(invitation.text).toContain('Guten Tag Nora Neu');
    expect(invitation.text).toContain('neuarchitekt');
    expect(invitation.html).toContain('Jetzt registrieren');
    const link = linkIn(invitation, /\/register\?token=/);
    expect(link.startsWith('https://bauakte.example.at/register?token=')).toBe(true);
    const data = await call('GET', `/api/register?token=${encodeURIComponent(tokenOf(link))}`);
    expect(data.json()).toMatchObject({ username: 'neuarchitekt', roles: ['ARCHI'], email: 'neu@example.at', firstName: 'Nora' });

    const row = await ctx.database.db.selectFrom('users').select(['role', 'status', 'createdById']).where('username', '=', 'neuarchitekt').executeTakeFirstOrThrow();
    const adminRow = await ctx.database.db.selectFrom('users').select('id').where('username', '=', 'chef').executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'ARCHI', status: 'INVITED', createdById: adminRow.id });

    const teams = await call('GET', '/api/team/allTeams', admin);
    // The members by name too, so the admin's list can say 'Nora Neu'.
    expect(teams.json()).toContainEqual({ teamName: 'Planung Wien', userNames: ['neuarchitekt'], members: [{ username: 'neuarchitekt', firstName: 'Nora', lastName: 'Neu' }] });
    expect((await call('GET', '/api/team/available-architects', admin)).json()).toEqual(['mara', 'neuarchitekt']);
  });

  it('refuses a taken username (409), an unknown team (404) and invalid fields (400)', async () => {
    const taken = await call('POST', '/api/team/createUser', admin, { username: 'MARA', email: 'm@example.at', teamName: 'Planung Wien' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Dieser Benutzername ist bereits vergeben.');
    const noTeam = await call('POST', '/api/team/createUser', admin, { username: 'ohneteam', email: 'o@example.at', teamName: 'Gibtsnicht' });
    expect(noTeam.statusCode).toBe(404);
    expect(noTeam.json().message).toBe('Dieses Team gibt es nicht.');
    for (const payload of [
      { username: 'ab-c', email: 'a@example.at', teamName: 'Planung Wien' },
      { username: 'abc', email: 'keine-adresse', teamName: 'Planung Wien' },
      { username: 'abc', email: 'a@example.at', teamName: '' },
    ]) {
      const response = await call('POST', '/api/team/createUser', admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const users = (await call('GET', '/api/admin/users', admin)).json() as Array<{ username: string }>;
    expect(users.map((u) => u.username)).not.toContain('ohneteam');
  });

  it('adds an architect to several teams, refuses duplicates, clients and unknown teams', async () => {
    await call('POST', '/api/team/create', admin, { name: 'Graz' });
    const added = await call('POST', '/api/team/addMembers?teamName=Graz', admin, { username: 'mara' });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe('mara wurde zum Team Graz hinzugefügt.');
    expect((await call('POST', '/api/team/addMembers?teamName=Planung%20Wien', admin, { username: 'mara' })).statusCode).toBe(200);
    expect((await call('POST', '/api/team/addMembers?teamName=Graz', admin, { username: 'mara' })).statusCode).toBe(409);
    expect((await call('POST', '/api/team/addMembers?teamName=Graz', admin, { username: 'kunde' })).statusCode).toBe(404);
    expect((await call('POST', '/api/team/addMembers?teamName=Linz', admin, { username: 'mara' })).statusCode).toBe(404);
    const teams = (await call('GET', '/api/team/allTeams', admin)).json();
    expect(teams).toContainEqual(expect.objectContaining({ teamName: 'Graz', userNames: ['mara'] }));
    expect(teams).toContainEqual(expect.objectContaining({ teamName: 'Planung Wien', userNames: ['mara', 'neuarchitekt'] }));
  });

  it('removes a member and deletes a team without deleting its members', async () => {
    expect((await call('DELETE', '/api/team/remove?teamName=Graz&username=mara', admin)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/team/remove?teamName=Graz&username=mara', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/team/allTeams', admin)).json()).toContainEqual(expect.objectContaining({ teamName: 'Graz', userNames: [] }));
    expect((await call('DELETE', '/api/team/delete?name=Planung%20Wien', admin)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/team/delete?name=Planung%20Wien', admin)).statusCode).toBe(404);
    const names = ((await call('GET', '/api/team/allTeams', admin)).json() as Array<{ teamName: string }>).map((t) => t.teamName);
    expect(names).not.toContain('Planung Wien');
    expect((await call('GET', '/api/team/available-architects', admin)).json()).toEqual(['mara', 'neuarchitekt']);
  });

  it('lists every user with role and status for the admin', async () => {
    const users = (await call('GET', '/api/admin/users', admin)).json();
    expect(users).toContainEqual(expect.objectContaining({ username: 'kunde', role: 'CLIENT', status: 'ACTIVE' }));
    expect(users).toContainEqual(expect.objectContaining({ username: 'neuarchitekt', role: 'ARCHI', status: 'INVITED' }));
    expect(JSON.stringify(users)).not.toMatch(/password|argon/i);
  });
});

describe.each(testDialects)('an invitation while the mail server is down on %s', (dialect) => {
  let ctx: TestContext;
  let catcher: MailCatcher | undefined;
  afterEach(async () => {
    await ctx?.close();
    await catcher?.close();
    catcher = undefined;
  });

  const until = (condition: () => Promise<boolean>) => expect.poll(condition, { interval: 25 }).toBe(true);

  it('creates the architect (201), keeps the mail, shows it to the admin as failed, and sends it once the server is up', async () => {
    const port = await freePort();
    ctx = await createTestContext(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, mailQueueTiming: { firstRetryMs: 300, pollMs: 50 } });
    await ctx.createUser({ username: 'chef', password: 'admin-passwort', role: 'ADMIN' });
    await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    const admin = await ctx.login('chef', 'admin-passwort');
    const architect = await ctx.login('mara', 'mara-passwort');
    await ctx.app.inject({ method: 'POST', url: '/api/team/create', headers: bearer(admin), payload: { name: 'Team' } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/team/createUser',
      headers: bearer(admin),
      payload: { username: 'pech', email: 'pech@example.at', firstName: 'Paula', lastName: 'Pech', teamName: 'Team' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Benutzer erfolgreich erstellt.' });
    const teams = await ctx.app.inject({ method: 'GET', url: '/api/team/allTeams', headers: bearer(admin) });
    expect(teams.json()).toMatchObject([{ teamName: 'Team', userNames: ['pech'] }]);

    const failures = async () => (await ctx.app.inject({ method: 'GET', url: '/api/admin/mail-failures', headers: bearer(admin) })).json<MailFailure[]>();
    await until(async () => (await failures()).length > 0);
    expect(await failures()).toEqual([
      expect.objectContaining({ kind: 'INVITATION', recipient: 'pech@example.at', subject: 'Ihre Einladung zu Bauakte', state: 'RETRYING', lastError: expect.stringContaining('ECONNREFUSED') }),
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/mail-failures', headers: bearer(architect) })).statusCode).toBe(403);

    catcher = await startMailCatcher({ port });
    const invitation = await catcher.waitFor('pech@example.at', /Einladung/, 10_000);
    expect(invitation.text).toContain('Guten Tag Paula Pech');
    const token = tokenOf(linkIn(invitation, /\/register\?token=/));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/register?token=${encodeURIComponent(token)}` })).json()).toMatchObject({ username: 'pech' });
    // Nothing due or being sent is left: a second delivery would have happened by now.
    await ctx.mailQueue.idle();
    expect(catcher.mails.filter((mail) => mail.to.includes('pech@example.at'))).toHaveLength(1);
    expect(await failures()).toEqual([]);

    // Sent again by hand, the invitation is queued too: 'wird versendet'.
    const resend = await ctx.app.inject({ method: 'POST', url: '/api/invitations/resend', headers: bearer(admin), payload: { username: 'pech' } });
    expect(resend.json()).toEqual({ message: 'Die Einladung wird versendet.' });
    await until(async () => catcher!.mails.filter((mail) => mail.to.includes('pech@example.at')).length === 2);
  });

  it('refuses the change with 503 in German while too many mails wait, and creates nothing', async () => {
    ctx = await createTestContext(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, MAIL_QUEUE_MAX: '1' } });
    await ctx.createUser({ username: 'chef', password: 'admin-passwort', role: 'ADMIN' });
    const admin = await ctx.login('chef', 'admin-passwort');
    await ctx.app.inject({ method: 'POST', url: '/api/team/create', headers: bearer(admin), payload: { name: 'Team' } });
    const create = (username: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/team/createUser', headers: bearer(admin), payload: { username, email: `${username}@example.at`, teamName: 'Team' } });
    expect((await create('erste')).statusCode).toBe(201);
    const refused = await create('zweite');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 'MAIL_QUEUE_FULL', message: 'Gerade warten zu viele E-Mails auf den Versand. Die Änderung wurde nicht gespeichert; bitte versuchen Sie es später erneut.' });
    const teams = await ctx.app.inject({ method: 'GET', url: '/api/team/allTeams', headers: bearer(admin) });
    expect(teams.json()).toMatchObject([{ teamName: 'Team', userNames: ['erste'] }]);
  });
});
