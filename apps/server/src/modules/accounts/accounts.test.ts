import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { bearer, createTestContext, mailsDelivered, testDialects, type TestContext } from '../../test/test-app';
import { linkIn, startMailCatcher, tokenOf, type MailCatcher } from '../../test/mail-catcher';

const clientAddress = { city: 'Wien', community: 'Wien-Neubau', street: 'Neubaugasse', houseNumber: '12', postalCode: '1070' };

describe.each(testDialects)('accounts on %s', (dialect) => {
  let ctx: TestContext;
  let mail: MailCatcher;
  let admin: string;
  let architect: string;
  let architectId: number;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
    ctx.app.inject({ method, url, ...(payload ? { payload } : {}), ...(token ? { headers: bearer(token) } : {}) });
  const registerUrl = (token: string) => `/api/register?token=${encodeURIComponent(token)}`;
  const resetUrl = (token: string) => `/api/reset-password?token=${encodeURIComponent(token)}`;

  /** An admin-created architect, invited by mail; answers the token of the mailed link. */
  async function inviteArchitect(username: string): Promise<string> {
    const email = `${username}@example.at`;
    const response = await inject('POST', '/api/team/createUser', { username, email, firstName: 'Erika', lastName: 'Muster', teamName: 'Team' }, admin);
    expect(response.statusCode).toBe(201);
    return tokenOf(linkIn(await mail.waitFor(email, /Einladung/), /\/register\?token=/));
  }

  const registration = (overrides: object = {}) => ({
    username: 'egal',
    firstName: 'Erika',
    lastName: 'Muster',
    email: 'erika@example.at',
    phone: '+43 660 1234567',
    password: 'ein-gutes-passwort',
    ...overrides,
  });

  beforeAll(async () => {
    mail = await startMailCatcher();
    ctx = await createTestContext(dialect, { env: { SMTP_URL: mail.url } });
    await ctx.createUser({ username: 'chef', password: 'admin-passwort', role: 'ADMIN' });
    architectId = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', email: 'mara@example.at' });
    admin = await ctx.login('chef', 'admin-passwort');
    architect = await ctx.login('mara', 'mara-passwort');
    await inject('POST', '/api/team/create', { name: 'Team' }, admin);
  });
  afterAll(async () => {
    await ctx.close();
    await mail.close();
  });

  describe('invitation and registration', () => {
    it('registers an architect through the mailed link: details, password, active, can log in', async () => {
      const token = await inviteArchitect('erika');
      const invitation = await inject('GET', registerUrl(token));
      expect(invitation.statusCode).toBe(200);
      expect(invitation.json()).toEqual({
        username: 'erika',
        firstName: 'Erika',
        lastName: 'Muster',
        email: 'erika@example.at',
        phoneNumber: '',
        roles: ['ARCHI'],
        address: { city: '', municipality: '', street: '', number: '', postalCode: '', country: '' },
      });
      // A role in the body is no field of the registration: refused by name, never applied.
      const escalation = await inject('PUT', registerUrl(token), registration({ firstName: 'Erika Maria', roles: ['ADMIN'] }));
      expect(escalation.statusCode).toBe(400);
      expect(escalation.json().issues).toEqual([{ path: 'body', message: 'Unbekanntes Feld: roles' }]);
      const done = await inject('PUT', registerUrl(token), registration({ firstName: 'Erika Maria' }));
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: 'Registrierung erfolgreich!' });
      const jwt = await ctx.login('erika', 'ein-gutes-passwort');
      expect(decodeJwt(jwt).roles).toEqual(['ARCHI']); // the role is the invitation's, never the request's
      const profile = await inject('GET', '/api/profil/erika', undefined, jwt);
      expect(profile.json()).toMatchObject({ firstName: 'Erika Maria', phoneNumber: '+43 660 1234567' });
    });

    it('accepts a link only once', async () => {
      const token = await inviteArchitect('einmal');
      expect((await inject('PUT', registerUrl(token), registration())).statusCode).toBe(200);
      for (const response of [await inject('GET', registerUrl(token)), await inject('PUT', registerUrl(token), registration({ password: 'anderes-passwort' }))]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 'TOKEN_INVALID', message: 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.' });
      }
      await expect(ctx.login('einmal', 'anderes-passwort')).rejects.toThrow(/401/);
    });

    it('refuses expired and unknown links and changes nothing', async () => {
      const token = await inviteArchitect('zuspaet');
      await ctx.database.db.updateTable('accountTokens').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('usedAt', 'is', null).execute();
      expect((await inject('PUT', registerUrl(token), registration())).statusCode).toBe(400);
      expect((await inject('GET', registerUrl('erfunden'))).statusCode).toBe(400);
      expect((await inject('GET', '/api/register')).statusCode).toBe(400);
      const row = await ctx.database.db.selectFrom('users').select(['status', 'passwordHash']).where('username', '=', 'zuspaet').executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'INVITED', passwordHash: null });
    });

    it('refuses common and guessable passwords in German, naming the field', async () => {
      const token = await inviteArchitect('schwach');
      for (const password of ['12345678', 'password', 'passwort', 'aaaaaaaa', 'schwachschwach']) {
        const response = await inject('PUT', registerUrl(token), registration({ password }));
        expect(response.statusCode, password).toBe(400);
        expect(response.json()).toMatchObject({ code: 'PASSWORD_TOO_WEAK', issues: [{ path: 'body/password' }] });
        expect(response.json().message).toMatch(/^Dieses Passwort ist zu leicht zu erraten\./);
      }
      expect((await inject('GET', registerUrl(token))).statusCode).toBe(200);
    });

    it('refuses passwords shorter than 8 or longer than 128 characters, in German', async () => {
      const token = await inviteArchitect('kurz');
      const short = await inject('PUT', registerUrl(token), registration({ password: '1234567' }));
      expect(short.statusCode).toBe(400);
      expect(short.json().issues).toContainEqual({ path: 'body/password', message: 'Das Passwort muss mindestens 8 Zeichen lang sein.' });
      const long = await inject('PUT', registerUrl(token), registration({ password: 'x'.repeat(129) }));
      expect(long.json().issues[0].message).toBe('Das Passwort darf höchstens 128 Zeichen lang sein.');
      const longest = 'Kaffee-Tasse-Mond-42 Dachboden!Fenster9 '.repeat(4).slice(0, 128);
      expect((await inject('PUT', registerUrl(token), registration({ password: longest }))).statusCode).toBe(200);
    });

    it('requires an address from a client and stores it', async () => {
      await ctx.createUser({ username: 'kundin', role: 'CLIENT', email: 'kundin@example.at', createdById: architectId });
      expect((await inject('POST', '/api/invitations/resend', { username: 'kundin' }, architect)).statusCode).toBe(200);
      const token = tokenOf(linkIn(await mail.waitFor('kundin@example.at', /Einladung/), /\/register\?token=/));
      const invitation = await inject('GET', registerUrl(token));
      expect(invitation.json().roles).toEqual(['CLIENT']);
      const without = await inject('PUT', registerUrl(token), registration({ email: 'kundin@example.at' }));
      expect(without.statusCode).toBe(400);
      expect(without.json().message).toBe('Bitte geben Sie Ihre vollständige Adresse an.');
      const incomplete = await inject('PUT', registerUrl(token), registration({ address: { ...clientAddress, street: '' } }));
      expect(incomplete.statusCode).toBe(400);
      const noCountry = await inject('PUT', registerUrl(token), registration({ address: { ...clientAddress, country: '' } }));
      expect(noCountry.statusCode).toBe(400);
      expect(noCountry.json().issues).toContainEqual({ path: 'body/address/country', message: 'Bitte füllen Sie dieses Feld aus.' });
      expect((await inject('PUT', registerUrl(token), registration({ address: { ...clientAddress, country: 'Deutschland' } }))).statusCode).toBe(200);
      const jwt = await ctx.login('kundin', 'ein-gutes-passwort');
      const profile = await inject('GET', '/api/profil/kundin', undefined, jwt);
      expect(profile.json().address).toMatchObject({
        street: 'Neubaugasse', number: '12', postalCode: '1070', city: 'Wien', municipality: 'Wien-Neubau', country: 'Deutschland',
      });
    });

    it('takes a client address without Gemeinde, and Austria when no country is sent', async () => {
      await ctx.createUser({ username: 'ohnegemeinde', role: 'CLIENT', email: 'og@example.at', createdById: architectId });
      expect((await inject('POST', '/api/invitations/resend', { username: 'ohnegemeinde' }, architect)).statusCode).toBe(200);
      const token = tokenOf(linkIn(await mail.waitFor('og@example.at', /Einladung/), /\/register\?token=/));
      const { community: _community, ...withoutCommunity } = clientAddress;
      const shortPostcode = await inject('PUT', registerUrl(token), registration({ email: 'og@example.at', address: { ...withoutCommunity, postalCode: '107' } }));
      expect(shortPostcode.statusCode).toBe(400);
      expect(shortPostcode.json().issues).toContainEqual({ path: 'body/address/postalCode', message: 'Österreichische Postleitzahlen haben vier Ziffern, z. B. 1060.' });
      const done = await inject('PUT', registerUrl(token), registration({ email: 'og@example.at', address: withoutCommunity }));
      expect(done.statusCode).toBe(200);
      const jwt = await ctx.login('ohnegemeinde', 'ein-gutes-passwort');
      const profile = await inject('GET', '/api/profil/ohnegemeinde', undefined, jwt);
      expect(profile.json().address).toMatchObject({ city: 'Wien', municipality: '', country: 'Österreich' });
    });
  });

  describe('sending an invitation again', () => {
    it('makes the old link worthless and the new one work', async () => {
      const old = await inviteArchitect('nochmal');
      mail.mails.length = 0;
      expect((await inject('POST', '/api/invitations/resend', { username: 'nochmal' }, admin)).json()).toEqual({ message: 'Die Einladung wird versendet.' });
      const fresh = tokenOf(linkIn(await mail.waitFor('nochmal@example.at'), /\/register\?token=/));
      expect(fresh).not.toBe(old);
      expect((await inject('GET', registerUrl(old))).statusCode).toBe(400);
      expect((await inject('GET', registerUrl(fresh))).statusCode).toBe(200);
    });

    it('is refused for registered users (409), foreign customers (404) and clients (403)', async () => {
      const otherArchitect = await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
      await ctx.createUser({ username: 'fremdkunde', role: 'CLIENT', email: 'fk@example.at', createdById: otherArchitect });
      const clientToken = await ctx.login('kundin', 'ein-gutes-passwort');
      expect((await inject('POST', '/api/invitations/resend', { username: 'erika' }, admin)).statusCode).toBe(409);
      expect((await inject('POST', '/api/invitations/resend', { username: 'fremdkunde' }, architect)).statusCode).toBe(404);
      expect((await inject('POST', '/api/invitations/resend', { username: 'fremdkunde' }, admin)).statusCode).toBe(404);
      expect((await inject('POST', '/api/invitations/resend', { username: 'nochmal' }, clientToken)).statusCode).toBe(403);
      expect((await inject('POST', '/api/invitations/resend', { username: 'nochmal' })).statusCode).toBe(401);
    });
  });

  describe('forgot and reset password', () => {
    const forgot = (username: string, email: string, ip = '10.9.0.1') =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username, email }, remoteAddress: ip });

    it('answers the same for known and unknown accounts and mails only a matching active one', async () => {
      mail.mails.length = 0;
      const answers = await Promise.all([
        forgot('mara', 'MARA@example.at'),
        forgot('mara', 'falsch@example.at'),
        forgot('niemand', 'niemand@example.at'),
        forgot('nochmal', 'nochmal@example.at'), // invited, not registered
      ]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ message: 'Eine E-Mail zum Zurücksetzen des Passworts wurde gesendet.' });
      }
      // Every mail the four requests queued has been taken by the catcher.
      await mailsDelivered(ctx);
      expect(mail.mails.map((m) => m.to[0])).toEqual(['mara@example.at']);
    });

    it('resets through the mailed link, ends every session and works only once', async () => {
      const before = await ctx.login('mara', 'mara-passwort');
      mail.mails.length = 0;
      await forgot('mara', 'mara@example.at');
      const token = tokenOf(linkIn(await mail.waitFor('mara@example.at', /Passwort/), /\/reset-password\?token=/));
      expect((await inject('GET', resetUrl(token))).json()).toEqual({ email: 'mara@example.at', username: 'mara' });
      const short = await inject('POST', resetUrl(token), { password: 'kurz' });
      expect(short.statusCode).toBe(400);
      const done = await inject('POST', resetUrl(token), { password: 'mein-neues-passwort' });
      expect(done.json()).toEqual({ message: 'Passwort wurde erfolgreich gesetzt!' });
      expect((await inject('GET', '/api/auth/me', undefined, before)).statusCode).toBe(401);
      await expect(ctx.login('mara', 'mara-passwort')).rejects.toThrow(/401/);
      architect = await ctx.login('mara', 'mein-neues-passwort');
      expect((await inject('POST', resetUrl(token), { password: 'noch-ein-passwort' })).statusCode).toBe(400);
      expect((await inject('GET', resetUrl(token))).statusCode).toBe(400);
    });

    it('refuses an expired reset link', async () => {
      mail.mails.length = 0;
      await forgot('erika', 'erika@example.at', '10.9.0.2');
      const token = tokenOf(linkIn(await mail.waitFor('erika@example.at', /Passwort/), /\/reset-password\?token=/));
      await ctx.database.db.updateTable('accountTokens').set({ expiresAt: new Date(Date.now() - 1).toISOString() }).where('purpose', '=', 'PASSWORD_RESET').execute();
      expect((await inject('POST', resetUrl(token), { password: 'mein-neues-passwort' })).statusCode).toBe(400);
    });

    it('throttles repeated requests for one account', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await forgot('zielperson', 'z@example.at', `10.8.0.${i}`)).statusCode);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
    });

    it('refuses a guessable new password on reset and keeps the link usable', async () => {
      mail.mails.length = 0;
      await forgot('erika', 'erika@example.at', '10.9.0.3');
      const token = tokenOf(linkIn(await mail.waitFor('erika@example.at', /Passwort/), /\/reset-password\?token=/));
      for (const password of ['12345678', 'passwort', 'erikaerika']) {
        const weak = await inject('POST', resetUrl(token), { password });
        expect(weak.statusCode, password).toBe(400);
        expect(weak.json().code).toBe('PASSWORD_TOO_WEAK');
      }
      expect((await inject('POST', resetUrl(token), { password: 'Kaffee-Tasse-Mond-42' })).statusCode).toBe(200);
    });

    it('refuses missing or malformed fields with 400', async () => {
      expect((await inject('POST', '/api/auth/forgotPassword', { username: 'mara' })).statusCode).toBe(400);
      expect((await inject('POST', '/api/auth/forgotPassword', { username: 'mara', email: 'keine' })).statusCode).toBe(400);
    });
  });
});

describe('forgot password: the answer comes before the account is looked up', () => {
  it('answers alike and looks the account up only after answering', async () => {
    const held: Array<() => Promise<void>> = [];
    const ctx = await createTestContext('sqlite', { background: { run: (_name, work) => void held.push(work), drained: async () => {} } });
    try {
      await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', email: 'mara@example.at' });
      const ask = (username: string, email: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username, email } });
      const resetLinks = () => ctx.database.db.selectFrom('accountTokens').select('id').where('purpose', '=', 'PASSWORD_RESET').execute();
      const matching = await ask('mara', 'mara@example.at');
      const unknown = await ask('niemand', 'niemand@example.at');
      expect([matching.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(matching.body).toBe(unknown.body);
      // Both answers are out; nothing account-specific has happened yet, and each left the same work behind.
      expect(held).toHaveLength(2);
      expect(await resetLinks()).toHaveLength(0);
      for (const work of held) await work();
      expect(await resetLinks()).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });
});

describe('transactions: an account and its invitation are stored together or not at all', () => {
  it.each(['sqlite', ...(testDialects.includes('postgres') ? ['postgres' as const] : [])] as const)('on %s', async (dialect) => {
    const ctx = await createTestContext(dialect);
    try {
      await ctx.createUser({ username: 'chef', password: 'admin-passwort', role: 'ADMIN' });
      await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
      const admin = await ctx.login('chef', 'admin-passwort');
      const architect = await ctx.login('mara', 'mara-passwort');
      await ctx.app.inject({ method: 'POST', url: '/api/team/create', headers: bearer(admin), payload: { name: 'Team' } });
      // Make writing the invitation link fail after the account row was written.
      await ctx.database.db.schema.alterTable('account_tokens').renameTo('account_tokens_away').execute();
      const customer = await ctx.app.inject({
        method: 'POST',
        url: '/api/ClientManagment',
        headers: bearer(architect),
        payload: { username: 'halb', firstName: 'H', lastName: 'B', email: 'h@example.at' },
      });
      const colleague = await ctx.app.inject({
        method: 'POST',
        url: '/api/team/createUser',
        headers: bearer(admin),
        payload: { username: 'halbarchi', email: 'ha@example.at', teamName: 'Team' },
      });
      expect([customer.statusCode, colleague.statusCode]).toEqual([500, 500]);
      const left = await ctx.database.db.selectFrom('users').select('username').where('username', 'in', ['halb', 'halbarchi']).execute();
      expect(left).toEqual([]);
      expect(await ctx.database.db.selectFrom('teamMembers').selectAll().execute()).toEqual([]);
    } finally {
      await ctx.database.db.schema.alterTable('account_tokens_away').renameTo('account_tokens').execute().catch(() => undefined);
      await ctx.close();
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('writes the invitation as .eml to DATA_DIR/outbox and logs its link', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const stream = new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) });
    const ctx = await createTestContext('sqlite', { logger: { level: 'info', stream } });
    try {
      await ctx.createUser({ username: 'chef', password: 'admin-passwort', role: 'ADMIN' });
      const admin = await ctx.login('chef', 'admin-passwort');
      await ctx.app.inject({ method: 'POST', url: '/api/team/create', headers: bearer(admin), payload: { name: 'Team' } });
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/team/createUser',
        headers: bearer(admin),
        payload: { username: 'offline', email: 'offline@example.at', teamName: 'Team' },
      });
      expect(created.statusCode).toBe(201);
      await ctx.mailQueue.idle();
      const outbox = path.join(ctx.dataDir, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
      expect(eml).toMatch(/^To: offline@example\.at$/m);
      expect(eml).toContain('/register?token=');
      expect(lines.join('')).toMatch(/http:\/\/localhost:8080\/register\?token=/);
    } finally {
      await ctx.close();
    }
  });
});
