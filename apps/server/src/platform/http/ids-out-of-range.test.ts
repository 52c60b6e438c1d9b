import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';
import { planUploadBody } from '../../test/multipart';

/**
 * An id one past what an integer column holds on PostgreSQL (and far beyond): it names nothing, on
 * either database, and is refused with a 4xx and a German text — never a 500 from the database.
 */
const tooLarge = '2147483648';
const huge = '999999999999999';

type Caller = 'chef' | 'mara' | 'kunde';
const callers: Caller[] = ['chef', 'mara', 'kunde'];

describe.each(testDialects)('ids beyond the columns on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Partial<Record<Caller, string>> = {};
  let projectId = 0;
  let chatId = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: generousBudgets });
    await ctx.createUser({ username: 'chef', password: 'chef-passwort', role: 'ADMIN', email: 'chef@example.at' });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', email: 'mara@example.at' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', email: 'kunde@example.at', createdById: mara });
    for (const caller of callers) tokens[caller] = await ctx.login(caller, `${caller}-passwort`);
    const project = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Hauptplatz', assignedUser: 'kunde' } });
    projectId = project.json<{ id: number }>().id;
    const chat = await ctx.app.inject({
      method: 'POST',
      url: '/api/MessageManagment/createChat',
      headers: bearer(tokens.mara!),
      payload: { message: 'Grüß Gott', senderUsername: 'mara', receiverUsername: 'kunde' },
    });
    chatId = chat.json<{ chatId: number }>().chatId;
  });
  afterAll(() => ctx.close());

  /** The route's path with every id too large and every username the caller's own. */
  const pathOf = (url: string, caller: Caller, id: string) =>
    url.replace(/:(\w+)/g, (_, name: string) => (name === 'username' ? caller : name === 'dashboard' ? 'client' : name.endsWith('Id') ? id : 'x'));

  async function expectRefused(response: { statusCode: number; body: string }, where: string) {
    expect(response.statusCode, `${where}: ${response.body}`).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, `${where}: ${response.body}`).toBeLessThan(500);
  }

  for (const id of [tooLarge, huge]) {
    it(`every route answers ${id} in its path or query with a 4xx`, async () => {
      const routes = ctx.apiRoutes.filter((route) => /:\w*Id\b/.test(route.url) || route.method === 'GET');
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) {
        for (const caller of callers) {
          const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
          const url = pathOf(route.url, caller, id);
          const query = `chatId=${id}&before=${id}&projectId=${id}`;
          for (const target of [url, `${url}?${query}`]) {
            const response = await ctx.app.inject({ method, url: target, headers: bearer(tokens[caller]!), ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}) });
            if (!/:\w*Id\b/.test(route.url) && response.statusCode < 300) continue;
            await expectRefused(response, `${caller} ${method} ${target}`);
          }
        }
      }
    });

    it(`a chat's messages with chatId or before ${id} are refused in German`, async () => {
      for (const query of [`chatId=${id}`, `chatId=${chatId}&before=${id}`]) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/MessageManagment/receiver/mara?${query}`, headers: bearer(tokens.mara!) });
        expect(response.statusCode, query).toBe(400);
        const field = query.includes('before') ? 'before' : 'chatId';
        expect(response.json<{ issues: Array<{ path: string; message: string }> }>().issues).toContainEqual({ path: `querystring/${field}`, message: expect.stringMatching(/muss eine Kennung/) });
      }
    });

    it(`bodies naming ${id} are refused with a 4xx`, async () => {
      const asMara = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(tokens.mara!), payload });
      const numeric = Number(id);
      for (const projectIdValue of [numeric, id]) {
        await expectRefused(await asMara('/api/email/send-pdf', { email: 'berater@example.at', projectId: projectIdValue }), 'send-pdf');
        await expectRefused(await asMara('/api/email/send-json', { email: 'berater@example.at', projectId: projectIdValue }), 'send-json');
        await expectRefused(await asMara('/api/s3/deleteFile', { projectId: projectIdValue, s3Key: `Projekt/${id}/1` }), 'deleteFile');
      }
      await expectRefused(await asMara('/api/s3/deleteFile', { projectId, s3Key: `Projekt/${projectId}/${id}` }), 'deleteFile of a file id');
      for (const chatIdValue of [numeric, id]) {
        const response = await asMara('/api/MessageManagment', { message: 'Hallo', senderUsername: 'mara', receiverUsername: 'kunde', chatId: chatIdValue });
        await expectRefused(response, 'message');
      }
      const upload = await planUploadBody({ projectId, replaces: id });
      const replaced = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...upload.headers, ...bearer(tokens.mara!) }, payload: upload.payload });
      await expectRefused(replaced, 'upload replacing');
      const foreign = await planUploadBody({ projectId: numeric });
      const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...foreign.headers, ...bearer(tokens.mara!) }, payload: foreign.payload });
      await expectRefused(uploaded, 'upload into');
    });
  }
});
