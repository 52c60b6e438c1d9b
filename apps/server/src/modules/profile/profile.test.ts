import fs from 'node:fs';
import path from 'node:path';
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
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', email: 'mara@example.at' });
    const tom = await ctx.createUser({ username: 'tom', password: 'tom-passwort', role: 'ARCHI' });
    const fremd = await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, city: 'Graz' });
    await ctx.createUser({ username: 'kundin', password: 'kundin-passwort', role: 'CLIENT', createdById: mara, email: 'kundin@example.at' });
    await ctx.createUser({ username: 'tomkunde', password: 'tomkunde-passwort', role: 'CLIENT', createdById: tom });
    await ctx.createUser({ username: 'fremdkunde', password: 'fremdkunde-passwort', role: 'CLIENT', createdById: fremd });
    // mara and tom share a team; fremd does not.
    const now = new Date().toISOString();
    const team = await ctx.database.db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('teamMembers').values([{ teamId: team.id, userId: mara, addedAt: now }, { teamId: team.id, userId: tom, addedAt: now }]).execute();
    const logins = [['chef', 'admin-passwort'], ['mara', 'mara-passwort'], ['tom', 'tom-passwort'], ['kunde', 'kunde-passwort'], ['kundin', 'kundin-passwort'], ['fremd', 'fremd-passwort']];
    for (const [name, password] of logins) {
      tokens[name!] = await ctx.login(name!, password!);
    }
  });
  afterAll(() => ctx.close());

  /** The mails written to the outbox so far (no SMTP in these tests), once background work is done. */
  async function outbox(): Promise<string[]> {
    await ctx.background.drained();
    await ctx.mailQueue.idle();
    const dir = path.join(ctx.dataDir, 'outbox');
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir).sort().map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
  }

  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

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

  it('changes the e-mail address only with the current password', async () => {
    const missing = await call('PUT', 'mara', 'mara', validUpdate);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_REQUIRED',
      issues: [{ path: 'body/currentPassword', message: 'Bitte geben Sie Ihr aktuelles Passwort ein, um Passwort oder E-Mail-Adresse zu ändern.' }],
    });
    const wrong = await call('PUT', 'mara', 'mara', { ...validUpdate, currentPassword: 'geraten' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', issues: [{ path: 'body/currentPassword', message: 'Das aktuelle Passwort ist falsch.' }] });
    expect((await call('GET', 'mara', 'mara')).json().email).toBe('mara@example.at');
  });

  it('saves details other than password and e-mail without the current password', async () => {
    const response = await call('PUT', 'mara', 'mara', { ...validUpdate, email: 'MARA@example.at', lastName: 'Huber' });
    expect(response.statusCode).toBe(200);
    expect(response.json().lastName).toBe('Huber');
  });

  it('saves one\'s own details and answers the new profile; the username in the body is ignored', async () => {
    const other = await ctx.login('mara', 'mara-passwort');
    const response = await call('PUT', 'mara', 'mara', { ...validUpdate, currentPassword: 'mara-passwort' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'mara', lastName: 'Berger', address: { street: 'Ringstraße', municipality: 'Innere Stadt' } });
    expect((await call('GET', 'mara', 'mara')).json().email).toBe('mara.berger@example.at');
    // A new address ends the other sessions and tells the old address.
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(tokens.mara!)).statusCode).toBe(200);
    const notice = (await outbox()).find((mail) => /^To: mara@example\.at$/im.test(mail));
    expect(notice).toContain('Subject: =?UTF-8?Q?Ihr_Bauakte-Konto_wurde_ge=C3=A4ndert?=');
    expect(notice).toContain('mara.berger@example.at');
  });

  it('ends pending reset links when the e-mail address changes', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username: 'mara', email: 'mara.berger@example.at' } });
    await ctx.background.drained();
    const pending = () =>
      ctx.database.db.selectFrom('accountTokens').select('id').where('purpose', '=', 'PASSWORD_RESET').where('usedAt', 'is', null).execute();
    expect(await pending()).toHaveLength(1);
    const response = await call('PUT', 'mara', 'mara', { ...validUpdate, email: 'mara.b@example.at', currentPassword: 'mara-passwort' });
    expect(response.statusCode).toBe(200);
    expect(await pending()).toHaveLength(0);
    await call('PUT', 'mara', 'mara', { ...validUpdate, currentPassword: 'mara-passwort' });
  });

  it('throttles guesses of the current password like logins', async () => {
    await ctx.createUser({ username: 'rater', password: 'Kaffee-Tasse-Mond-42', role: 'ARCHI' });
    const token = await ctx.login('rater', 'Kaffee-Tasse-Mond-42');
    const guess = (currentPassword: string) =>
      ctx.app.inject({ method: 'PUT', url: '/api/profil/rater', headers: bearer(token), payload: { ...validUpdate, currentPassword } });
    const statuses = await Promise.all(Array.from({ length: 15 }, (_, i) => guess(`falsch-${i}`)).map(async (r) => (await r).statusCode));
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    const blocked = await guess('Kaffee-Tasse-Mond-42');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('a customer\'s details', () => {
    const customerUpdate = { ...validUpdate, firstName: 'Klara', lastName: 'Kern', email: 'kundin@example.at', phoneNumber: '+43 316 1234' };

    it('are changed by the customer\'s architect and by a team-mate, without a password and without ending the customer\'s sessions', async () => {
      const byOwner = await call('PUT', 'mara', 'kundin', customerUpdate);
      expect(byOwner.statusCode).toBe(200);
      expect(byOwner.json()).toMatchObject({ username: 'kundin', firstName: 'Klara', lastName: 'Kern', phoneNumber: '+43 316 1234', address: { city: 'Wien' } });
      const byTeamMate = await call('PUT', 'tom', 'kundin', { ...customerUpdate, lastName: 'Kern-Huber' });
      expect(byTeamMate.statusCode).toBe(200);
      const seenByCustomer = await call('GET', 'kundin', 'kundin');
      expect(seenByCustomer.json()).toMatchObject({ firstName: 'Klara', lastName: 'Kern-Huber', email: 'kundin@example.at' });
      expect((await outbox()).filter((mail) => /^To: kundin@example\.at$/im.test(mail))).toHaveLength(0);
    });

    it('keep password and e-mail address the customer\'s: the architect gets 403 and nothing changes', async () => {
      const password = await call('PUT', 'mara', 'kundin', { ...customerUpdate, firstName: 'Passwort', password: 'Dachboden!Fenster9', currentPassword: 'mara-passwort' });
      expect(password.statusCode).toBe(403);
      expect(password.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Passwort und E-Mail-Adresse kann nur die Person selbst ändern, der das Konto gehört.',
        issues: [{ path: 'body/password' }],
      });
      const email = await call('PUT', 'mara', 'kundin', { ...customerUpdate, firstName: 'Adresse', email: 'architektin@example.at' });
      expect(email.statusCode).toBe(403);
      expect(email.json()).toMatchObject({ code: 'FORBIDDEN', issues: [{ path: 'body/email' }] });
      const profile = (await call('GET', 'kundin', 'kundin')).json();
      expect(profile).toMatchObject({ firstName: 'Klara', email: 'kundin@example.at' });
      await ctx.login('kundin', 'kundin-passwort');
    });

    it('are not changed by anyone else: 403 if the profile is visible, 404 if not', async () => {
      expect((await call('PUT', 'chef', 'kundin', customerUpdate)).statusCode).toBe(403);
      expect((await call('PUT', 'fremd', 'kundin', customerUpdate)).statusCode).toBe(404);
      expect((await call('PUT', 'mara', 'fremdkunde', validUpdate)).statusCode).toBe(404);
      expect((await call('PUT', 'mara', 'tom', validUpdate)).statusCode).toBe(404);
      expect((await call('PUT', 'kunde', 'kundin', customerUpdate)).statusCode).toBe(404);
      expect((await call('PUT', 'kunde', 'mara', validUpdate)).statusCode).toBe(404);
      expect((await call('GET', 'mara', 'kunde')).json().city).toBeUndefined();
      expect((await call('GET', 'mara', 'kunde')).json().address.city).toBe('Graz');
    });
  });

  it('refuses invalid fields with 400', async () => {
    const withPassword = { ...validUpdate, currentPassword: 'mara-passwort' };
    expect((await call('PUT', 'mara', 'mara', { ...withPassword, email: 'kaputt' })).statusCode).toBe(400);
    expect((await call('PUT', 'mara', 'mara', { ...withPassword, firstName: '' })).statusCode).toBe(400);
    expect((await call('PUT', 'mara', 'mara', { ...withPassword, password: 'kurz' })).statusCode).toBe(400);
    expect((await call('PUT', 'mara', 'mara', { ...withPassword, firstName: 'Ma\u202Era' })).statusCode).toBe(400);
    const unknown = await call('PUT', 'mara', 'mara', { ...withPassword, emial: 'x@example.at' });
    expect(unknown.json().issues).toEqual([{ path: 'body', message: 'Unbekanntes Feld: emial' }]);
  });

  it.each(['12345678', 'passwort', 'aaaaaaaa', 'maramaramara', 'BergerBerger'])('refuses the guessable password %s', async (password) => {
    const response = await call('PUT', 'mara', 'mara', { ...validUpdate, password, currentPassword: 'mara-passwort' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_TOO_WEAK', issues: [{ path: 'body/password' }] });
    expect(response.json().message).toMatch(/^Dieses Passwort ist zu leicht zu erraten\./);
  });

  it('changes the password: the new one works, the old does not, other sessions end, this one stays', async () => {
    const other = await ctx.login('mara', 'mara-passwort');
    const response = await call('PUT', 'mara', 'mara', { ...validUpdate, password: 'Dachboden!Fenster9', currentPassword: 'mara-passwort' });
    expect(response.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await call('GET', 'mara', 'mara')).statusCode).toBe(200);
    await expect(ctx.login('mara', 'mara-passwort')).rejects.toThrow(/401/);
    await ctx.login('mara', 'Dachboden!Fenster9');
    expect((await outbox()).filter((mail) => mail.includes('das Passwort'))).toHaveLength(1);
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

  it('lets the first administrator, created without e-mail, set an address and a new password on their own profile only', async () => {
    const own = await call('GET', 'chef', 'chef');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ username: 'chef', email: '', roles: ['ADMIN'] });
    const update = { firstName: 'Erika', lastName: 'Chef', email: 'chef@example.at', password: 'Dachboden-Fenster-42', currentPassword: 'admin-passwort' };
    const saved = await call('PUT', 'chef', 'chef', update);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ username: 'chef', email: 'chef@example.at', roles: ['ADMIN'] });
    await expect(ctx.login('chef', 'admin-passwort')).rejects.toThrow(/401/);
    tokens.chef = await ctx.login('chef', 'Dachboden-Fenster-42');
    // Administrators run users but never edit or delete someone else's profile.
    expect((await call('PUT', 'chef', 'mara', validUpdate)).statusCode).toBe(403);
    expect((await call('DELETE', 'chef', 'mara')).statusCode).toBe(403);
    expect((await call('GET', 'mara', 'chef')).statusCode).toBe(404);
    expect((await call('PUT', 'mara', 'chef', update)).statusCode).toBe(404);
    const lastAdmin = await call('DELETE', 'chef', 'chef');
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json()).toMatchObject({ code: 'CONFLICT', message: 'Der letzte Administrator kann nicht gelöscht werden.' });
  });
});
