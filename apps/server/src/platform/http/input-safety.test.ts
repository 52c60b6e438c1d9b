import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';

const nul = 'a\u0000b';

/**
 * NUL made PostgreSQL answer 500 (invalid byte sequence) while SQLite stored it. Every string that
 * reaches the server — body, path, query — is refused alike on both databases: 400, or 404 where a
 * path names nobody.
 */
describe.each(testDialects)('forbidden characters on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let projectId = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await ctx.createUser({ username: 'chef', password: 'chef-passwort', role: 'ADMIN' });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', email: 'mara@example.at' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara });
    tokens.chef = await ctx.login('chef', 'chef-passwort');
    tokens.mara = await ctx.login('mara', 'mara-passwort');
    const project = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara), payload: { name: 'P' } });
    projectId = project.json<{ id: number }>().id;
    await ctx.app.inject({ method: 'POST', url: '/api/team/create', headers: bearer(tokens.chef), payload: { name: 'Wien' } });
  });
  afterAll(() => ctx.close());

  /** Lone surrogates cannot be percent-encoded; those requests carry the text in the body only. */
  const inUrl = (text: string) => (/[\uD800-\uDFFF]/.test(text) ? 'x' : encodeURIComponent(text));

  type Request = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; who?: string; payload?: object };
  const requests = (text: string): Array<[string, Request, number]> => [
    ['login username', { method: 'POST', url: '/api/auth/login', payload: { username: text, password: 'x' } }, 400],
    ['login password', { method: 'POST', url: '/api/auth/login', payload: { username: 'mara', password: text } }, 400],
    ['forgot password', { method: 'POST', url: '/api/auth/forgotPassword', payload: { username: text, email: 'x@example.at' } }, 400],
    ['register token', { method: 'GET', url: `/api/register?token=${inUrl(text)}` }, 400],
    ['reset token', { method: 'GET', url: `/api/reset-password?token=${inUrl(text)}` }, 400],
    ['customer name', { method: 'POST', url: '/api/ClientManagment', who: 'mara', payload: { username: 'neu', firstName: text, lastName: 'K', email: 'k@example.at' } }, 400],
    ['customer street', { method: 'POST', url: '/api/ClientManagment', who: 'mara', payload: { username: 'neu', firstName: 'K', lastName: 'K', email: 'k@example.at', address: { street: text } } }, 400],
    ['project name', { method: 'POST', url: '/api/ProjectManagment', who: 'mara', payload: { name: text } }, 400],
    ['project customer', { method: 'POST', url: '/api/ProjectManagment', who: 'mara', payload: { name: 'P', assignedUser: text } }, 400],
    ['project description', { method: 'PUT', url: '/api/ProjectManagment/project/:project', who: 'mara', payload: { name: 'P', description: `x${text.replace(/\n/g, '')}` } }, 400],
    ['profile phone', { method: 'PUT', url: '/api/profil/mara', who: 'mara', payload: { firstName: 'M', lastName: 'M', email: 'mara@example.at', phoneNumber: text } }, 400],
    ['profile path', { method: 'GET', url: `/api/profil/${inUrl(text)}`, who: 'mara' }, 404],
    ['customer list path', { method: 'GET', url: `/api/ClientManagment/${inUrl(text)}`, who: 'mara' }, 404],
    ['team name', { method: 'POST', url: '/api/team/create', who: 'chef', payload: { name: text } }, 400],
    ['team query', { method: 'POST', url: `/api/team/addMembers?teamName=${inUrl(text)}`, who: 'chef', payload: { username: 'mara' } }, 400],
    ['architect name', { method: 'POST', url: '/api/team/createUser', who: 'chef', payload: { username: 'neuarchi', email: 'n@example.at', firstName: text, teamName: 'Wien' } }, 400],
    ['heating text', { method: 'PUT', url: '/api/heating/:project', who: 'mara', payload: { constructionYearHeating: text } }, 400],
    ['layout card', { method: 'PUT', url: '/api/dashboardLayout/architect', who: 'mara', payload: [{ i: text, x: 0, y: 0, w: 1, h: 1 }] }, 400],
  ];

  const send = ({ method, url, who, payload }: Request) =>
    ctx.app.inject({ method, url: url.replace(':project', String(projectId)), ...(who ? { headers: bearer(tokens[who]!) } : {}), ...(payload ? { payload } : {}) });

  it.each(requests(nul).map(([name, request, status]) => [name, request, status] as const))('refuses NUL in the %s', async (_name, request, status) => {
    const response = await send(request);
    expect(response.statusCode).toBe(status);
  });

  it.each(['\u001B', '\u202E', '\u2066'])('refuses %j in names, titles and addresses', async (character) => {
    for (const [name, request, status] of requests(`Anna${character}Maria`)) {
      if (name === 'login password' || name === 'project description') continue; // secrets and free text have their own rules
      expect((await send(request)).statusCode, name).toBe(status);
    }
  });

  it('refuses a lone surrogate, which UTF-8 cannot carry, in every text of a body', async () => {
    const broken = 'Anna\uD800Maria';
    for (const [name, request, status] of requests(broken)) {
      if (!request.payload || name === 'team query') continue;
      expect((await send(request)).statusCode, name).toBe(status);
    }
  });

  it('keeps line breaks in descriptions, and umlauts and emoji everywhere', async () => {
    const response = await send({ method: 'PUT', url: '/api/ProjectManagment/project/:project', who: 'mara', payload: { name: 'Grundriss Erdgeschoß 🏠', description: 'Zeile 1\r\nZeile 2\tEnde' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Grundriss Erdgeschoß 🏠', description: 'Zeile 1\r\nZeile 2\tEnde' });
  });

  it('never stores a NUL: nothing was created by the refused requests', async () => {
    const names = await ctx.database.db.selectFrom('users').select('username').execute();
    expect(names.map((row) => row.username).sort()).toEqual(['chef', 'kunde', 'mara']);
  });
});
