import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessagesPageSize, type ChatConversation, type ChatPartner, type Customer, type QuestionnaireChange, type UserListItem } from '@bauakte/domain';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';

/**
 * Lists that grow with the installation come a page at a time in the spec's shapes (plain arrays):
 * ?page=&limit= (100 by default, at most 200), a chat's latest 20 messages and earlier ones by
 * ?chatId=&before=<id>.
 */
describe.each(testDialects)('paged lists on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const messageIds: number[] = [];

  const get = (who: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
  const json = async <T>(who: string, url: string): Promise<T> => {
    const response = await get(who, url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const db = ctx.database.db;
    const person = (username: string, role: 'ADMIN' | 'ARCHI' | 'CLIENT', createdById?: number) =>
      ctx.createUser({ username, password: `${username}-passwort`, role, email: `${username}@example.at`, firstName: username, lastName: 'Test', ...(createdById ? { createdById } : {}) });
    await person('chef', 'ADMIN');
    ids.mara = await person('mara', 'ARCHI');
    ids.kunde = await person('kunde', 'CLIENT', ids.mara);
    for (const name of ['chef', 'mara', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
    // 250 more customers of Mara, named so that their order is known: Kunde001 … Kunde250.
    for (let index = 1; index <= 250; index += 1) {
      const number = String(index).padStart(3, '0');
      await ctx.createUser({ username: `kunde${number}`, role: 'CLIENT', createdById: ids.mara, firstName: 'Eva', lastName: `Kunde${number}` });
    }
    const now = Date.now();
    const chat = await db.insertInto('chats').values({ firstUserId: ids.mara, secondUserId: ids.kunde, createdAt: new Date(now).toISOString() }).returning('id').executeTakeFirstOrThrow();
    ids.chat = chat.id;
    // 120 messages, every third one from Mara to the client, the rest to Mara (unread).
    for (let index = 0; index < 120; index += 1) {
      const fromMara = index % 3 === 0;
      const row = await db
        .insertInto('chatMessages')
        .values({
          chatId: chat.id, senderId: fromMara ? ids.mara : ids.kunde, receiverId: fromMara ? ids.kunde : ids.mara, body: `Nachricht ${index}`, isRead: 0,
          sentAt: new Date(now + index * 1000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      messageIds.push(row.id);
    }
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("pages an architect's customers: the first 100 by name without parameters, then page by page", async () => {
    const first = await json<Customer[]>('mara', '/api/ClientManagment/mara');
    expect(first).toHaveLength(100);
    expect(first[0]!.lastName).toBe('Kunde001');
    expect(first[99]!.lastName).toBe('Kunde100');
    const second = await json<Customer[]>('mara', '/api/ClientManagment/mara?page=2');
    expect(second.map((customer) => customer.lastName).slice(0, 2)).toEqual(['Kunde101', 'Kunde102']);
    const small = await json<Customer[]>('mara', '/api/ClientManagment/mara?page=3&limit=7');
    expect(small.map((customer) => customer.lastName)).toEqual(['Kunde015', 'Kunde016', 'Kunde017', 'Kunde018', 'Kunde019', 'Kunde020', 'Kunde021']);
    // 251 customers in all (the 250 and 'kunde'): the largest page holds 200, the second the rest.
    expect(await json<Customer[]>('mara', '/api/ClientManagment/mara?limit=200')).toHaveLength(200);
    const last = await json<Customer[]>('mara', '/api/ClientManagment/mara?limit=200&page=2');
    expect(last).toHaveLength(51);
    expect(last.at(-1)!.username).toBe('kunde');
    expect(await json<Customer[]>('mara', '/api/ClientManagment/mara?limit=200&page=3')).toEqual([]);
  });

  it("pages whom the caller may write to: an architect's customers by name, given a project or created", async () => {
    const partners = (who: string, query: string) => json<ChatPartner[]>(who, `/api/MessageManagment/partners${query}`);
    const first = await partners('mara', '');
    expect(first).toHaveLength(100);
    expect(first.slice(0, 2).map((partner) => partner.lastName)).toEqual(['Kunde001', 'Kunde002']);
    expect((await partners('mara', '?page=3&limit=7')).map((partner) => partner.lastName)).toEqual(['Kunde015', 'Kunde016', 'Kunde017', 'Kunde018', 'Kunde019', 'Kunde020', 'Kunde021']);
    // A client of another office who was given one of Mara's projects is hers to write to as well.
    const otherOffice = await ctx.createUser({ username: 'zweitbuero', password: 'zweitbuero-passwort', role: 'ARCHI' });
    const given = await ctx.createUser({ username: 'aaron', role: 'CLIENT', createdById: otherOffice, firstName: 'Aaron', lastName: 'Aigner' });
    const now = new Date().toISOString();
    await ctx.database.db.insertInto('projects').values({ name: 'Zubau', createdById: ids.mara!, assignedUserId: given, createdAt: now, updatedAt: now, changedAt: now }).execute();
    expect((await partners('mara', '?limit=1'))[0]!.username).toBe('aaron');
    const everyone = [...(await partners('mara', '?limit=200')), ...(await partners('mara', '?limit=200&page=2'))];
    expect(everyone).toHaveLength(252);
    expect(new Set(everyone.map((partner) => partner.username)).size).toBe(252);
    expect(await partners('mara', '?limit=200&page=3')).toEqual([]);
    expect((await partners('kunde', '?limit=1')).map((partner) => partner.username)).toEqual(['mara']);
    expect(await partners('kunde', '?page=2')).toEqual([]);
  });

  it('gives a chat with its latest 20 messages, and earlier ones by cursor', async () => {
    expect(chatMessagesPageSize).toBe(20);
    const [conversation] = await json<ChatConversation[]>('mara', '/api/MessageManagment/receiver/mara');
    expect(conversation!.messages.map((message) => message.id)).toEqual(messageIds.slice(100));
    expect(conversation!.hasEarlier).toBe(true);
    expect(conversation!.lastMessage.id).toBe(messageIds[119]);
    // Unread counts all 80 messages to Mara, not just those sent.
    expect(conversation!.unreadCount).toBe(80);

    const earlier = (before: number) => json<ChatConversation[]>('mara', `/api/MessageManagment/receiver/mara?chatId=${ids.chat}&before=${before}`);
    const [second] = await earlier(messageIds[100]!);
    expect(second!.messages.map((message) => message.id)).toEqual(messageIds.slice(80, 100));
    expect(second!.hasEarlier).toBe(true);
    expect(second!.lastMessage.id).toBe(messageIds[119]);
    // Page by page back to the first message: every message once, and the last page says so.
    const pages = [conversation!, second!];
    while (pages.at(-1)!.hasEarlier) {
      const [page] = await earlier(pages.at(-1)!.messages[0]!.id);
      pages.push(page!);
    }
    expect(pages.map((page) => page.messages.length)).toEqual([20, 20, 20, 20, 20, 20]);
    expect(pages.reverse().flatMap((page) => page.messages.map((message) => message.id))).toEqual(messageIds);
    const [beforeFirst] = await earlier(messageIds[0]!);
    expect(beforeFirst!.messages).toEqual([]);
    expect(beforeFirst!.hasEarlier).toBe(false);

    // 'before' without chatId names no chat's message: the latest messages come.
    const [ignored] = await json<ChatConversation[]>('mara', `/api/MessageManagment/receiver/mara?before=${messageIds[70]}`);
    expect(ignored!.messages.map((message) => message.id)).toEqual(messageIds.slice(100));

    const [few] = await json<ChatConversation[]>('kunde', '/api/MessageManagment/receiver/kunde?messages=5');
    expect(few!.messages.map((message) => message.id)).toEqual(messageIds.slice(115));
    expect(few!.unreadCount).toBe(40);
  });

  it("answers no chat for a chatId that is not the caller's", async () => {
    const other = await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    const now = new Date().toISOString();
    const chat = await ctx.database.db.insertInto('chats').values({ firstUserId: ids.kunde!, secondUserId: other, createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('chatMessages').values({ chatId: chat.id, senderId: other, receiverId: ids.kunde!, body: 'Geheim', isRead: 0, sentAt: now }).execute();
    expect(await json<ChatConversation[]>('mara', `/api/MessageManagment/receiver/mara?chatId=${chat.id}`)).toEqual([]);
  });

  it('pages the administrators\' list of users, the change log and the client dashboard', async () => {
    const users = await json<UserListItem[]>('chef', '/api/admin/users');
    expect(users).toHaveLength(100);
    const everyone = [...users, ...(await json<UserListItem[]>('chef', '/api/admin/users?page=2')), ...(await json<UserListItem[]>('chef', '/api/admin/users?page=3'))];
    expect(new Set(everyone.map((user) => user.username)).size).toBe(everyone.length);
    expect(everyone.length).toBeGreaterThanOrEqual(253);

    const project = await ctx.database.db
      .insertInto('projects')
      .values({ name: 'Dachausbau', createdById: ids.mara!, assignedUserId: ids.kunde!, createdAt: 'x', updatedAt: 'x', changedAt: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const year of [1970, 1971, 1972]) {
      const saved = await ctx.app.inject({ method: 'PUT', url: `/api/general/${project.id}`, headers: bearer(tokens.kunde!), payload: { constructionYear: year } });
      expect(saved.statusCode).toBe(200);
    }
    const newest = await json<QuestionnaireChange[]>('mara', `/api/questionnaire/${project.id}/changes?limit=2`);
    expect(newest.map((change) => change.changes)).toEqual([
      { constructionYear: { from: 1971, to: 1972 } },
      { constructionYear: { from: 1970, to: 1971 } },
    ]);
    const older = await json<QuestionnaireChange[]>('mara', `/api/questionnaire/${project.id}/changes?limit=2&page=2`);
    expect(older.map((change) => change.changes)).toEqual([{ constructionYear: { from: null, to: 1970 } }]);

    expect(await json<unknown[]>('kunde', '/api/DashboardClient/dashi/kunde?limit=1')).toHaveLength(1);
    expect(await json<unknown[]>('kunde', '/api/DashboardClient/dashi/kunde?limit=1&page=2')).toEqual([]);
  });

  it('refuses bad paging parameters with 400 and a German message', async () => {
    const cases: Array<[string, string, string]> = [
      ['mara', '/api/ClientManagment/mara?limit=201', 'Die Anzahl muss eine ganze Zahl von 1 bis 200 sein.'],
      ['mara', '/api/ClientManagment/mara?limit=0', 'Die Anzahl muss eine ganze Zahl von 1 bis 200 sein.'],
      ['mara', '/api/ProjectManagment/mara?page=0', 'Die Seite muss eine ganze Zahl von 1 bis 100000 sein.'],
      ['mara', '/api/ProjectManagment/dash/mara?page=zwei', 'Die Seite muss eine ganze Zahl von 1 bis 100000 sein.'],
      ['chef', '/api/admin/users?limit=1&limit=2', 'Die Anzahl muss eine ganze Zahl von 1 bis 200 sein.'],
      ['kunde', '/api/s3/project/1?limit=1000', 'Die Anzahl muss eine ganze Zahl von 1 bis 200 sein.'],
      ['kunde', '/api/MessageManagment/partners?page=-1', 'Die Seite muss eine ganze Zahl von 1 bis 100000 sein.'],
      ['mara', `/api/MessageManagment/receiver/mara?chatId=${1}&before=abc`, 'Die Nachricht (before) muss eine Kennung (ganze Zahl) sein.'],
      ['mara', '/api/MessageManagment/receiver/mara?chatId=-1', 'Der Chat muss eine Kennung (ganze Zahl) sein.'],
      ['mara', '/api/MessageManagment/receiver/mara?messages=201', 'Die Anzahl der Nachrichten muss eine ganze Zahl von 1 bis 200 sein.'],
    ];
    for (const [who, url, message] of cases) {
      const response = await get(who, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe('Die Eingaben sind ungültig.');
      expect(response.json().issues.map((issue: { message: string }) => issue.message), url).toContain(message);
    }
  });

  it('documents the paging parameters in the OpenAPI document (/api/docs)', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string }> } }> }>();
    const queryOf = (path: string) => (document.paths[path]?.get?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    for (const path of ['/api/ClientManagment/{username}', '/api/ProjectManagment/{username}', '/api/ProjectManagment/dash/{username}', '/api/DashboardClient/dashi/{username}', '/api/s3/project/{projectId}', '/api/questionnaire/{projectId}/changes', '/api/admin/users']) {
      expect(queryOf(path), path).toEqual(['page', 'limit']);
    }
    expect(queryOf('/api/MessageManagment/receiver/{username}')).toEqual(['page', 'limit', 'chatId', 'before', 'messages']);
  });
});
